import { ConfigError } from '@kora/platform';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMediaConfig } from './config.js';

describe('media config', () => {
  it('defaults MEDIA_DIR to data/media, made absolute', () => {
    expect(parseMediaConfig({}).MEDIA_DIR).toBe(path.resolve('data/media'));
  });

  it('resolves a relative MEDIA_DIR and keeps an absolute one', () => {
    expect(parseMediaConfig({ MEDIA_DIR: 'tmp/m' }).MEDIA_DIR).toBe(path.resolve('tmp/m'));
    expect(parseMediaConfig({ MEDIA_DIR: '/app/data/media' }).MEDIA_DIR).toBe('/app/data/media');
  });

  it('refuses an empty MEDIA_DIR with the variable named', () => {
    expect(() => parseMediaConfig({ MEDIA_DIR: '  ' })).toThrow(ConfigError);
    expect(() => parseMediaConfig({ MEDIA_DIR: '' })).toThrow(/MEDIA_DIR/);
  });
});
