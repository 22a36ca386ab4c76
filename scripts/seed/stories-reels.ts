/**
 * The demo community's stories and reels, through the public API as people would: a few of the
 * demo member's friends post picture stories (they last 24 hours, so a later run posts fresh ones
 * when none is live), and several members make short vertical reels that others like and comment
 * on. Reels need ffmpeg here to make their clips (the product needs it anyway to play videos); a
 * switched-off feature is skipped.
 */
import type { Reel, StoryGroup } from '@kora/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApiError, type Client } from './client.js';
import type { SeededMember } from './members.js';
import { picture } from './pictures.js';

const run = promisify(execFile);

/** Whose stories the demo member finds in the strip (indexes into the demo members), and their colours. */
const storyTellers: { member: number; colours: [string, string][] }[] = [
  {
    member: 1,
    colours: [
      ['#1d4ed8', '#93c5fd'],
      ['#0f766e', '#99f6e4'],
    ],
  },
  { member: 2, colours: [['#be185d', '#f9a8d4']] },
  {
    member: 3,
    colours: [
      ['#b45309', '#fde68a'],
      ['#7c2d12', '#fdba74'],
      ['#365314', '#bef264'],
    ],
  },
  { member: 5, colours: [['#6d28d9', '#c4b5fd']] },
];

/** Reels: who makes them, the caption, and the ffmpeg source that draws the clip (no fonts needed). */
const reels: { author: number; caption: string; source: string; likers: number[]; comments: [number, string][] }[] = [
  {
    author: 1,
    caption: 'Evening colours over Lekki ✨ #lagos',
    source: 'gradients=s=540x960:c0=0xf97316:c1=0x7c3aed:c2=0x0ea5e9:speed=0.03:d=8',
    likers: [0, 2, 6],
    comments: [
      [0, 'This is so calm 😍'],
      [2, 'Which beach is this?'],
    ],
  },
  {
    author: 2,
    caption: 'Zooming into the pattern I want for my next adire piece',
    source: 'mandelbrot=s=540x960:end_scale=0.002:maxiter=200',
    likers: [0, 1, 7],
    comments: [[7, 'Make this into fabric abeg']],
  },
  {
    author: 5,
    caption: 'Game of life, Abuja Tech Meetup warm-up 👾',
    source: 'life=s=540x960:mold=10:r=25:ratio=0.12:death_color=#1e3a8a:life_color=#22c55e',
    likers: [0, 10],
    comments: [[0, 'See you on Saturday!']],
  },
];

async function ffmpegAvailable(): Promise<boolean> {
  return run(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-version']).then(
    () => true,
    () => false,
  );
}

/** A short silent H.264 clip, 9:16, drawn by one of ffmpeg's sources. */
async function clip(dir: string, name: string, source: string): Promise<Buffer> {
  const file = path.join(dir, `${name}.mp4`);
  const limited = source.includes(':d=') ? source : `${source},trim=duration=8`;
  await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    limited,
    '-t',
    '8',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file,
  ]);
  return readFile(file);
}

/** Others see a reel (and may like it) once its video is processed: the author waits for that. */
async function untilPublished(client: Client, author: SeededMember, reelId: number): Promise<boolean> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const reel = await client.call<Reel>(`/api/reels/${reelId}`, { token: author.token });
    if (reel.state !== 'processing') return reel.state === 'ready';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

const isOff = (err: unknown) => err instanceof ApiError && err.status === 404 && err.body.code === 'FEATURE_DISABLED';

/** Picture stories for the demo member's strip, unless the teller still has live ones. Answers how many were posted. */
export async function seedStories(client: Client, seeded: SeededMember[]): Promise<number | 'off'> {
  let posted = 0;
  try {
    for (const teller of storyTellers) {
      const member = seeded[teller.member]!;
      const strip = await client.call<StoryGroup[]>('/api/stories', { token: member.token });
      if (strip.some((group) => group.userId === member.userId)) continue;
      for (const [k, colours] of teller.colours.entries()) {
        const form = new FormData();
        const png = await picture(colours, 1080, 1920, teller.member * 10 + k);
        form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), `story-${k + 1}.png`);
        await client.call('/api/stories', { token: member.token, form });
        posted++;
      }
    }
  } catch (err) {
    if (isOff(err)) return 'off';
    throw err;
  }
  return posted;
}

/** The reels, each once (a re-run finds its author's reel by caption); likes and comments from others. */
export async function seedReels(client: Client, seeded: SeededMember[]): Promise<number | 'off' | 'no ffmpeg'> {
  if (!(await ffmpegAvailable())) return 'no ffmpeg';
  const dir = await mkdtemp(path.join(tmpdir(), 'kora-seed-reels-'));
  let made = 0;
  try {
    const existing = await client.call<Reel[]>(`/api/reels?limit=30`, { token: seeded[0]!.token });
    for (const [i, reel] of reels.entries()) {
      const author = seeded[reel.author]!;
      if (existing.some((r) => r.authorId === author.userId && r.caption === reel.caption)) continue;
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await clip(dir, `reel-${i}`, reel.source))], { type: 'video/mp4' }), `reel-${i}.mp4`);
      const { urls } = await client.call<{ urls: string[] }>('/api/media/upload?purpose=reel', { token: author.token, form });
      const created = await client.call<Reel>('/api/reels', { token: author.token, json: { videoUrl: urls[0], caption: reel.caption } });
      made++;
      if (!(await untilPublished(client, author, created.id))) continue;
      for (const liker of reel.likers) await client.call(`/api/reels/${created.id}/like`, { method: 'POST', token: seeded[liker]!.token });
      for (const [who, content] of reel.comments)
        await client.call(`/api/reels/${created.id}/comments`, { token: seeded[who]!.token, json: { content } });
    }
  } catch (err) {
    if (isOff(err)) return 'off';
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return made;
}
