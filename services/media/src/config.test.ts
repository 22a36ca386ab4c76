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

describe('media config: video worker', () => {
  it('defaults to ffmpeg/ffprobe on PATH, workers on, one video at a time, 10 minutes', () => {
    expect(parseMediaConfig({})).toMatchObject({
      FFMPEG_PATH: 'ffmpeg',
      FFPROBE_PATH: 'ffprobe',
      MEDIA_VIDEO_WORKERS: true,
      MEDIA_VIDEO_CONCURRENCY: 1,
      MEDIA_VIDEO_TIMEOUT_SECONDS: 600,
    });
  });

  it('reads the binaries, the worker switch, the concurrency and the time limit', () => {
    const config = parseMediaConfig({
      FFMPEG_PATH: '/opt/ff/ffmpeg',
      FFPROBE_PATH: '/opt/ff/ffprobe',
      MEDIA_VIDEO_WORKERS: 'false',
      MEDIA_VIDEO_CONCURRENCY: '3',
      MEDIA_VIDEO_TIMEOUT_SECONDS: '120',
    });
    expect(config).toMatchObject({
      FFMPEG_PATH: '/opt/ff/ffmpeg',
      FFPROBE_PATH: '/opt/ff/ffprobe',
      MEDIA_VIDEO_WORKERS: false,
      MEDIA_VIDEO_CONCURRENCY: 3,
      MEDIA_VIDEO_TIMEOUT_SECONDS: 120,
    });
  });

  it.each([
    ['MEDIA_VIDEO_WORKERS', 'yes'],
    ['MEDIA_VIDEO_CONCURRENCY', '0'],
    ['MEDIA_VIDEO_CONCURRENCY', 'two'],
    ['MEDIA_VIDEO_TIMEOUT_SECONDS', '1'],
    ['FFMPEG_PATH', ' '],
  ])('refuses %s=%j, naming the variable', (name, value) => {
    expect(() => parseMediaConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
