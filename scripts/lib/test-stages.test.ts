import { describe, expect, it } from 'vitest';
import { PLAN, STAGES, stagePlan } from './test-stages.mjs';

describe('stagePlan', () => {
  it('runs every stage once, by the plan, when nothing is asked', () => {
    expect(stagePlan()).toEqual([
      [['embedded'], ['lint']],
      [['distributed'], ['typecheck', 'real', 'bench']],
      [['embedded-api'], ['real-only']],
    ]);
    expect(PLAN.flat(2).sort()).toEqual([...STAGES].sort());
  });

  it('keeps only the picked stages, by the plan, and drops empty lanes and steps', () => {
    expect(stagePlan(['embedded-api', 'typecheck'])).toEqual([[['typecheck']], [['embedded-api']]]);
    expect(stagePlan(['bench', 'distributed'])).toEqual([[['distributed'], ['bench']]]);
  });

  it('runs the type check in the broker wait beside the distributed stage, or in the first step without it', () => {
    expect(stagePlan(['typecheck', 'distributed', 'real'])).toEqual([[['distributed'], ['typecheck', 'real']]]);
    expect(stagePlan(['typecheck', 'lint', 'embedded'])).toEqual([[['embedded'], ['lint'], ['typecheck']]]);
  });

  it('runs one stage at a time, in the default order, when asked', () => {
    expect(stagePlan(['real', 'lint', 'typecheck'], { oneAtATime: true })).toEqual([[['typecheck']], [['lint']], [['real']]]);
  });

  it('refuses an unknown stage instead of skipping it', () => {
    expect(() => stagePlan(['distrbuted'])).toThrow('unknown stage "distrbuted"');
  });

  it('never runs the files that kill the shared Kafka broker beside a stage that uses it', () => {
    const usesBroker = ['distributed', 'real', 'bench'];
    for (const step of stagePlan()) {
      if (step.flat().includes('real-only')) expect(step.flat().filter((stage) => usesBroker.includes(stage))).toEqual([]);
    }
  });
});
