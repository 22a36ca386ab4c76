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

describe('media config: storage and delivery', () => {
  const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'kora-media' };

  it('defaults to the disk, streamed by this service; S3 settings have their defaults', () => {
    expect(parseMediaConfig({})).toMatchObject({
      MEDIA_STORAGE: 'disk',
      MEDIA_DELIVERY: 'proxy',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_CREATE_BUCKET: false,
      S3_PRESIGN_SECONDS: 300,
    });
    expect(parseMediaConfig({}).S3_ENDPOINT).toBeUndefined();
  });

  it('reads an S3 deployment, empty values meaning unset', () => {
    const config = parseMediaConfig({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_CREATE_BUCKET: 'true',
      MEDIA_DELIVERY: 'redirect',
      S3_PRESIGN_SECONDS: '600',
      MEDIA_PUBLIC_BASE_URL: '',
    });
    expect(config).toMatchObject({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'kora-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: true,
      S3_CREATE_BUCKET: true,
      MEDIA_DELIVERY: 'redirect',
      S3_PRESIGN_SECONDS: 600,
    });
    expect(config.MEDIA_PUBLIC_BASE_URL).toBeUndefined();
  });

  it.each([
    [{ MEDIA_STORAGE: 's3' }, /S3_BUCKET: is required when MEDIA_STORAGE=s3/],
    [{ ...s3, S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET: must be a bucket name/],
    [{ MEDIA_STORAGE: 'ftp' }, /MEDIA_STORAGE: must be 'disk' or 's3'/],
    [{ ...s3, S3_ACCESS_KEY_ID: 'id' }, /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ MEDIA_DELIVERY: 'redirect' }, /MEDIA_DELIVERY: redirect needs MEDIA_STORAGE=s3/],
    [{ ...s3, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.test' }, /MEDIA_PUBLIC_BASE_URL: is only used with MEDIA_DELIVERY=redirect/],
    [{ ...s3, MEDIA_DELIVERY: 'redirect', MEDIA_PUBLIC_BASE_URL: 'ftp://x' }, /MEDIA_PUBLIC_BASE_URL: must be the http\(s\) URL/],
    [{ ...s3, S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT: must be the http\(s\) URL/],
    [{ ...s3, S3_PRESIGN_SECONDS: '10' }, /S3_PRESIGN_SECONDS: must be at least 60/],
  ])('refuses a bad combination with a clear message: %j', (env, message) => {
    expect(() => parseMediaConfig(env)).toThrow(message);
  });
});
