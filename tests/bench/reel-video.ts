/**
 * Reel processing (`reels`): one 60 s 1080x1920 clip with sound (made once by ffmpeg, kept in
 * .tmp/bench) through the real worker path of the distributed product — `POST
 * /api/media/upload?purpose=reel` through the gateway, the queue, the worker's probe, length rule,
 * transcode, poster, output probe and storage, until `GET /api/media/videos/{id}` says ready —
 * against a bare ffmpeg with the worker's very output options (`mp4OutputOptions`, the reel box,
 * the length rule's `-t`) on the same file. Rounds alternate the two; medians are kept. The ratio
 * (goal ≤ 1.2) is what the worker adds to ffmpeg's own work; nothing is asserted.
 */
import { signAccessToken } from '@kora/platform/access-token';
import { safeInputOptions } from '@kora/media/ffmpeg-input';
import { fitVideo, smallRendition } from '@kora/media/geometry';
import { lengthRuleFor, transcodeLimit } from '@kora/media/length-rule';
import { mp4OutputOptions, SMALL_AUDIO_BITRATE } from '@kora/media/transcode';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Scenario } from './scenario.js';

const run = promisify(execFile);
export interface Clip {
  seconds: number;
  width: number;
  height: number;
  fps: number;
}
/** The uploader: an id far above what the product hands out. */
const UPLOADER = 8_100_000_001;
const POLL_MS = 100;
const TIMEOUT_MS = 15 * 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The clip, made once: a moving test pattern (so the encoder has work) and a tone. */
async function benchClip(dir: string, shape: Clip): Promise<string> {
  const file = path.join(dir, `reel-${shape.seconds}s-${shape.width}x${shape.height}.mp4`);
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  const partial = `${file}.partial.mp4`;
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=duration=${shape.seconds}:size=${shape.width}x${shape.height}:rate=${shape.fps}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${shape.seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-t',
      String(shape.seconds),
      partial,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  await run('mv', [partial, file]);
  return file;
}

/** The same work as the worker's transcode, with nothing around it. */
async function bareFfmpeg(clip: string, shape: Clip, out: string): Promise<number> {
  const rule = lengthRuleFor('reel');
  const size = fitVideo({ width: shape.width, height: shape.height }, 'reel');
  const small = smallRendition(size);
  const smallOut = out.replace(/\.mp4$/, '-360.mp4');
  const args = [
    '-v',
    'error',
    '-y',
    ...safeInputOptions('video/mp4'),
    '-i',
    clip,
    ...mp4OutputOptions({ size, withAudio: true, maxSeconds: transcodeLimit(rule) }),
    out,
    // The worker writes the 360p rendition in the same run (decision 044).
    ...(small
      ? [
          ...mp4OutputOptions({ size: small, withAudio: true, maxSeconds: transcodeLimit(rule), audioBitrate: SMALL_AUDIO_BITRATE }),
          smallOut,
        ]
      : []),
  ];
  const started = performance.now();
  await run('ffmpeg', args, { maxBuffer: 16 * 1024 * 1024 });
  const ms = performance.now() - started;
  await rm(out, { force: true });
  await rm(smallOut, { force: true });
  return ms;
}

/** Upload answered → ready, through the product. */
async function workerPath(gatewayUrl: string, token: string, data: Buffer): Promise<{ ms: number; status: string; error: string | null }> {
  const headers = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type: 'video/mp4' }), 'reel.mp4');
  const res = await fetch(`${gatewayUrl}/api/media/upload?purpose=reel`, { method: 'POST', headers, body: form });
  if (res.status !== 201) throw new Error(`reel upload answered ${res.status}: ${await res.text()}`);
  const { files } = (await res.json()) as { files: { videoId: number }[] };
  const started = performance.now();
  for (;;) {
    const status = (await (await fetch(`${gatewayUrl}/api/media/videos/${files[0]!.videoId}`, { headers })).json()) as {
      status: string;
      error: string | null;
    };
    if (status.status !== 'processing') return { ms: performance.now() - started, ...status };
    if (performance.now() - started > TIMEOUT_MS) throw new Error('the reel was still processing after 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export interface ReelVideoBenchResult {
  results: Scenario[];
  ratio: number;
}

export async function benchReelVideo(options: {
  gatewayUrl: string;
  accessTokenSecret: string;
  settle: (before: string) => Promise<void>;
  rounds: number;
  clip: Clip;
}): Promise<ReelVideoBenchResult> {
  const { rounds, clip: shape } = options;
  const dir = path.resolve('.tmp/bench');
  const clip = await benchClip(dir, shape);
  const data = await readFile(clip);
  const token = await signAccessToken({ userId: UPLOADER, role: 'user', sessionId: `bench-${UPLOADER}` }, options.accessTokenSecret, 3_600);
  const bare: number[] = [];
  const worker: number[] = [];
  let errors = 0;
  for (let round = 0; round < rounds; round++) {
    await options.settle(`reel video round ${round + 1}`);
    bare.push(await bareFfmpeg(clip, shape, path.join(dir, 'reel-bare-out.mp4')));
    const done = await workerPath(options.gatewayUrl, token, data);
    if (done.status !== 'ready') {
      errors += 1;
      process.stdout.write(`bench: the reel ended ${done.status}: ${done.error}\n`);
    }
    worker.push(done.ms);
    process.stdout.write(
      `bench: reel round ${round + 1}: bare ffmpeg ${(bare.at(-1)! / 1000).toFixed(1)} s, worker ${(worker.at(-1)! / 1000).toFixed(1)} s\n`,
    );
  }
  const round = (n: number) => Math.round(n);
  const ratio = Math.round((median(worker) / median(bare)) * 1000) / 1000;
  const notes = {
    clip: `${shape.seconds} s ${shape.width}x${shape.height} ${shape.fps} fps, ${(data.length / 1024 / 1024).toFixed(1)} MB`,
    rounds,
    worker_vs_bare: ratio,
  };
  const scenario = (name: string, ms: number[], errs: number): Scenario => ({
    name,
    rps: 0,
    p50_ms: round(median(ms)),
    p99_ms: round(Math.max(...ms)),
    errors: errs,
    requests: ms.length,
    notes,
  });
  return { results: [scenario('reel-video-worker', worker, errors), scenario('reel-video-bare-ffmpeg', bare, 0)], ratio };
}
