/**
 * Blocks in auth (decision 036), fed over the event path the friends service uses: a blocked pair
 * gets each other's profile as the very 404 of a missing member, and search leaves them out, both
 * ways, by name and by a whole e-mail address. Unblocking brings both back; replays are harmless.
 */
import { encodeProfileId, friendPairKey } from '@kora/contracts';
import { isBlockedBetween } from '@kora/platform/service';
import { eventually, publishEvent } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, setPrivacy, startAuth, type AuthTestService } from '../test-support.js';

describe(`blocks: profiles and search (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  const get = (url: string, userId: number | null) =>
    svc.app.inject({ method: 'GET', url, headers: userId === null ? {} : svc.as({ userId }) });
  const announce = async (type: 'member.blocked' | 'member.unblocked', blockerId: number, blockedId: number) => {
    await publishEvent(svc, type, { blockerId, blockedId }, friendPairKey(blockerId, blockedId), blockerId);
    const wanted = type === 'member.blocked';
    await eventually(async () => (await isBlockedBetween(svc.ctx.db, svc.tables.blocks, blockerId, blockedId)) === wanted);
  };
  /** What a client can tell apart: status, body and the headers that describe it. */
  const observable = (res: Awaited<ReturnType<typeof get>>) => ({
    status: res.statusCode,
    body: res.body,
    type: res.headers['content-type'],
    length: res.headers['content-length'],
  });

  it('answers either member of a blocked pair the same 404 as a missing profile, by plain and encoded id', async () => {
    const tag = `blk${Date.now() % 1_000_000}`;
    const blocker = await seedMember(svc, { username: `${tag}_a` });
    const blocked = await seedMember(svc, { username: `${tag}_b` });
    const bystander = await seedMember(svc);
    // An id that no member has, of the same length so the 404s cannot differ by it.
    const missing = blocked.userId + 1_000_000;
    expect((await get(`/api/users/${blocked.userId}`, blocker.userId)).statusCode).toBe(200);

    await announce('member.blocked', blocker.userId, blocked.userId);
    const absent = observable(await get(`/api/users/${missing}`, blocked.userId));
    expect(absent.status).toBe(404);
    for (const [viewer, target] of [
      [blocker.userId, blocked.userId],
      [blocked.userId, blocker.userId],
    ] as const) {
      expect(observable(await get(`/api/users/${target}`, viewer))).toEqual(absent);
      expect(observable(await get(`/api/users/${encodeProfileId(target)}`, viewer))).toEqual(absent);
    }
    // Nobody else is affected, nor anonymous callers, nor the members' own profiles.
    expect((await get(`/api/users/${blocked.userId}`, bystander.userId)).statusCode).toBe(200);
    expect((await get(`/api/users/${blocked.userId}`, null)).statusCode).toBe(200);
    expect((await get(`/api/users/${blocked.userId}`, blocked.userId)).statusCode).toBe(200);

    await announce('member.unblocked', blocker.userId, blocked.userId);
    expect((await get(`/api/users/${blocked.userId}`, blocker.userId)).statusCode).toBe(200);
    expect((await get(`/api/users/${blocker.userId}`, blocked.userId)).statusCode).toBe(200);
  });

  it('leaves a blocked pair out of each other’s search, by name and by e-mail, both ways', async () => {
    const tag = `blks${Date.now() % 1_000_000}`;
    const blocker = await seedMember(svc, { username: `${tag}_a`, firstname: 'Kelechi' });
    const blocked = await seedMember(svc, { username: `${tag}_b`, firstname: 'Kelechi' });
    const other = await seedMember(svc, { username: `${tag}_c` });
    // Found by e-mail by anyone (not the default, friends), so only the block can hide them.
    for (const member of [blocker, blocked]) await setPrivacy(svc, member.userId, { lookupEmail: 'everyone' });
    const ids = async (q: string, viewer: number) =>
      (await get(`/api/users/search?q=${encodeURIComponent(q)}`, viewer)).json<{ id: number }[]>().map((u) => u.id);
    expect(await ids(tag, blocker.userId)).toEqual(expect.arrayContaining([blocked.userId, other.userId]));

    await announce('member.blocked', blocker.userId, blocked.userId);
    expect(await ids(tag, blocker.userId)).not.toContain(blocked.userId);
    expect(await ids(tag, blocker.userId)).toContain(other.userId);
    expect(await ids(tag, blocked.userId)).not.toContain(blocker.userId);
    expect(await ids(blocked.email, blocker.userId)).toEqual([]);
    expect(await ids(blocker.email, blocked.userId)).toEqual([]);
    expect(await ids(blocked.email, other.userId)).toEqual([blocked.userId]);

    // A replayed block changes nothing; the unblock brings them back.
    await announce('member.blocked', blocker.userId, blocked.userId);
    await announce('member.unblocked', blocker.userId, blocked.userId);
    expect(await ids(tag, blocker.userId)).toContain(blocked.userId);
    expect(await ids(blocker.email, blocked.userId)).toEqual([blocker.userId]);
  });
});
