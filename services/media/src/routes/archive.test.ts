/**
 * "Download your data" (decision 035): the request (one per 24 hours, races included), the job that
 * streams each service's export and the member's files into a ZIP in private storage, the signed
 * download link (the member's own only; 404 forged, 403 another member's, 410 expired or replaced),
 * the `archive.ready` event and the expiry sweep. The sibling services are small stub servers
 * answering NDJSON as the platform's export route does.
 */
import { ArchiveErrorCode, archiveTexts, type ArchiveStatus } from '@kora/contracts';
import { signExpiringLinkToken } from '@kora/platform/service';
import {
  eventually,
  expectError,
  memberIds,
  outboxEvents,
  readZip,
  startTestService,
  testTarget,
  zipJson,
  type TestService,
} from '@kora/testing';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../app.js';
import { mediaSchema } from '../db/schema.js';
import { createLocalDiskStorage, type LocalDiskStorage } from '../storage/local-disk.js';
import { newKey } from '../storage/keys.js';
import { makeImage } from '../test-support.js';
import { ARCHIVE_SWEEP_QUEUE } from '../jobs/archive-queue.js';

const target = testTarget();
const nextMember = memberIds();

interface Stub {
  url: string;
  server: Server;
  /** Export calls seen: user id and whether the call was signed. */
  calls: { userId: string; signed: boolean }[];
}

/** A sibling answering `/internal/export/{userId}` with `lines(userId)` as NDJSON (or `status` with no body). */
async function stubSibling(lines: (userId: number) => object[] | number): Promise<Stub> {
  const calls: Stub['calls'] = [];
  const server = createServer((req, res) => {
    const match = /^\/internal\/export\/(\d+)$/.exec(req.url ?? '');
    if (!match) return void res.writeHead(404).end();
    calls.push({ userId: match[1]!, signed: typeof req.headers['x-kora-service'] === 'string' });
    const answer = lines(Number(match[1]));
    if (typeof answer === 'number') return void res.writeHead(answer).end();
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const line of answer) res.write(JSON.stringify(line) + '\n');
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls };
}

describe(`media: data archives (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let storage: LocalDiskStorage;
  let posts: Stub;
  let wallet: Stub;
  let failing: Stub;
  let photoKey: string;
  let photo: Buffer;
  /** Members whose posts service answers 500 (the job fails for them). */
  const broken = new Set<number>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-archive-'));
    storage = createLocalDiskStorage(dir);
    await storage.init();
    photo = await makeImage({ width: 40, height: 30, format: 'webp', background: '#aa3311' });
    photoKey = newKey('images', 'webp');
    await storage.put(photoKey, photo, 'image/webp');
    posts = await stubSibling((userId) =>
      broken.has(userId)
        ? 500
        : [
            { section: 'posts', row: { id: 1, content: `Hello from ${userId}`, media: [`/uploads/${photoKey}`] } },
            { section: 'posts', row: { id: 2, content: 'Second post', media: [] } },
            { section: 'comments', row: { id: 9, postId: 1, content: 'Nice' } },
          ],
    );
    wallet = await stubSibling(() => [{ section: 'transactions', row: { id: 5, type: 'fund', amountKobo: 250_000 } }]);
    failing = await stubSibling(() => 500);
    const urls: Record<string, string> = { posts: posts.url, wallet: wallet.url };
    svc = await startTestService(
      createMediaService({
        storage,
        env: { MEDIA_VIDEO_WORKERS: 'true' },
        archiveSources: ['posts', 'wallet'],
        archiveQueue: { attempts: 1, backoffMs: 10 },
      }),
      { resolveService: (name) => urls[name] ?? failing.url },
    );
  });
  afterAll(async () => {
    await svc?.close();
    for (const stub of [posts, wallet, failing]) stub?.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const as = (userId: number) => svc.as({ userId });
  const request = (userId: number | null) =>
    svc.app.inject({ method: 'POST', url: '/api/media/archive', headers: userId === null ? {} : as(userId) });
  const status = async (userId: number) => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/media/archive', headers: as(userId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ArchiveStatus>();
  };
  const download = (url: string, userId: number | null) =>
    svc.app.inject({ method: 'GET', url, headers: userId === null ? {} : as(userId) });
  async function readyArchive(userId: number): Promise<ArchiveStatus> {
    let state = await status(userId);
    await eventually(async () => (state = await status(userId)).state !== 'preparing');
    expect(state.state).toBe('ready');
    return state;
  }
  const tokenFor = (userId: number, subject: string, expiresAt: Date) =>
    signExpiringLinkToken(svc.ctx.env.INTERNAL_SECRET, 'data-archive', { userId, subject, expiresAt });

  it('builds a ZIP of every service part and the files themselves, and lets only its member download it', async () => {
    const member = nextMember();
    expect((await status(member)).state).toBe('none');

    const asked = await request(member);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ state: 'preparing', downloadUrl: null, nextRequestAt: expect.any(String) });

    const ready = await readyArchive(member);
    expect(ready.downloadUrl).toMatch(/^\/api\/media\/archive\/download\?token=/);
    expect(ready.bytes).toBeGreaterThan(0);
    // The services were asked, signed, for this member only.
    expect(posts.calls).toContainEqual({ userId: String(member), signed: true });
    expect(wallet.calls).toContainEqual({ userId: String(member), signed: true });

    const res = await download(ready.downloadUrl!, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kora-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = readZip(res.rawPayload);
    expect([...zip.keys()].sort()).toEqual(
      ['README.txt', 'posts/posts.json', 'posts/comments.json', 'wallet/transactions.json', `files/${photoKey}`].sort(),
    );
    expect(zipJson(zip, 'posts/posts.json')).toEqual([
      { id: 1, content: `Hello from ${member}`, media: [`/uploads/${photoKey}`] },
      { id: 2, content: 'Second post', media: [] },
    ]);
    expect(zipJson(zip, 'wallet/transactions.json')).toEqual([{ id: 5, type: 'fund', amountKobo: 250_000 }]);
    expect(zip.get(`files/${photoKey}`)!.read().equals(photo)).toBe(true);

    // The archive lives in the private area: never served by /uploads/*.
    const [file] = await readdir(path.join(dir, 'archives'));
    expect(file).toMatch(/^[0-9a-f]{32}\.zip$/);
    expect((await svc.app.inject({ method: 'GET', url: `/uploads/archives/${file}` })).statusCode).toBe(404);

    // Announced once, with the link, for notifications to mail.
    const events = (await outboxEvents(svc, 'archive.ready')).filter((e) => e.payload.userId === member);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ downloadUrl: ready.downloadUrl, expiresAt: ready.expiresAt, bytes: ready.bytes });

    // Anyone else: anonymous 401, another member (an admin too) 403 with the link itself.
    expect((await download(ready.downloadUrl!, null)).statusCode).toBe(401);
    expectError(await download(ready.downloadUrl!, nextMember()), 403, archiveTexts.notYours);
    const asAdmin = await svc.app.inject({
      method: 'GET',
      url: ready.downloadUrl!,
      headers: svc.as({ userId: nextMember(), role: 'admin' }),
    });
    expectError(asAdmin, 403, archiveTexts.notYours);
  });

  it('refuses a second request within 24 hours, and of two at the same moment accepts one', async () => {
    const member = nextMember();
    const answers = await Promise.all([request(member), request(member), request(member)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expectError(refused, 429, archiveTexts.tooSoon);
      expect(refused.json()).toMatchObject({ code: ArchiveErrorCode.TooSoon });
    }
    await readyArchive(member);
    expectError(await request(member), 429, archiveTexts.tooSoon);
    // One archive was built: one job, one file named in the table.
    const { archives } = mediaSchema(svc.ctx.schema);
    expect(await svc.ctx.db.select().from(archives).where(eq(archives.userId, member))).toHaveLength(1);
    expect(posts.calls.filter((c) => c.userId === String(member))).toHaveLength(1);
  });

  it('answers 404 for a forged link, 410 for an expired or replaced one', async () => {
    const member = nextMember();
    expect((await request(member)).statusCode).toBe(202);
    const ready = await readyArchive(member);
    const token = new URL(ready.downloadUrl!, 'http://x').searchParams.get('token')!;

    for (const forged of [`${token}x`, token.replace(/\.[^.]+$/, '.' + 'A'.repeat(43)), 'nonsense', `${member}.abc.1.${'a'.repeat(43)}`]) {
      const res = await download(`/api/media/archive/download?token=${encodeURIComponent(forged)}`, member);
      expectError(res, 404, archiveTexts.linkInvalid);
    }
    const archiveId = token.split('.')[1]!;
    const expired = tokenFor(member, archiveId, new Date(Date.now() - 1000));
    expectError(await download(`/api/media/archive/download?token=${expired}`, member), 410, archiveTexts.linkExpired);
    const otherArchive = tokenFor(member, randomBytes(16).toString('hex'), new Date(Date.now() + 3600_000));
    expectError(await download(`/api/media/archive/download?token=${otherArchive}`, member), 410, archiveTexts.linkExpired);
    // A guessed link for a member who has no archive at all says nothing more.
    const stranger = nextMember();
    expectError(
      await download(`/api/media/archive/download?token=${tokenFor(stranger, archiveId, new Date(Date.now() + 3600_000))}`, stranger),
      410,
      archiveTexts.linkExpired,
    );
    expect((await svc.app.inject({ method: 'GET', url: '/api/media/archive/download' })).statusCode).toBe(401);
    expect((await download('/api/media/archive/download', member)).statusCode).toBe(400);
  });

  it('sweeps an expired archive: the file goes, the link answers 410, the state says expired', async () => {
    const member = nextMember();
    expect((await request(member)).statusCode).toBe(202);
    const ready = await readyArchive(member);
    const { archives } = mediaSchema(svc.ctx.schema);
    const [row] = await svc.ctx.db.select().from(archives).where(eq(archives.userId, member));
    await svc.ctx.db
      .update(archives)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(archives.userId, member));
    await svc.adapters.jobs.enqueue(ARCHIVE_SWEEP_QUEUE, {});
    await eventually(async () => (await status(member)).state === 'expired');
    expect(await storage.stat(row!.key!)).toBeNull();
    expectError(await download(ready.downloadUrl!, member), 410, archiveTexts.linkExpired);
  });

  it('marks the archive failed when a service cannot answer, and a failed one may be asked again at once', async () => {
    const member = nextMember();
    broken.add(member);
    expect((await request(member)).statusCode).toBe(202);
    let state = await status(member);
    await eventually(async () => (state = await status(member)).state !== 'preparing');
    expect(state).toMatchObject({ state: 'failed', downloadUrl: null, nextRequestAt: null });
    // Nothing half-written is left in storage.
    const stored = await readdir(path.join(dir, 'archives')).catch(() => []);
    const { archives } = mediaSchema(svc.ctx.schema);
    const keys = (await svc.ctx.db.select().from(archives)).map((r) => r.key?.split('/')[1]);
    expect(stored.filter((name) => !keys.includes(name))).toEqual([]);

    broken.delete(member);
    expect((await request(member)).statusCode).toBe(202);
    await readyArchive(member);
  });

  it('refuses anonymous callers', async () => {
    expect((await request(null)).statusCode).toBe(401);
    expect((await svc.app.inject({ method: 'GET', url: '/api/media/archive' })).statusCode).toBe(401);
  });
});
