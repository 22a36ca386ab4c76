import { describe, expect, it } from 'vitest';
import { STAGES, stageOrder } from './test-stages.mjs';

describe('stageOrder', () => {
  it('runs every stage in the default order when nothing is asked', () => {
    expect(stageOrder()).toEqual(STAGES);
    expect(STAGES).toEqual(['typecheck', 'embedded', 'real', 'distributed', 'embedded-api']);
  });

  it('puts the named stages first and the others after them, in the default order', () => {
    expect(stageOrder(['embedded-api', 'distributed'])).toEqual(['embedded-api', 'distributed', 'typecheck', 'embedded', 'real']);
  });

  it('keeps only the picked stages', () => {
    expect(stageOrder(['distributed'], ['real', 'distributed'])).toEqual(['distributed', 'real']);
  });

  it('refuses an unknown stage instead of skipping it', () => {
    expect(() => stageOrder(['distrbuted'])).toThrow('unknown stage "distrbuted"');
    expect(() => stageOrder([], ['reel'])).toThrow('unknown stage "reel"');
  });
});
