/**
 * Blocks and mutes announced the way the friends and settings services do, for the tests of services
 * that keep their projections (decisions 036 and 037). Each helper waits until the service under test
 * has applied the event, so the next request sees it.
 */
import { friendPairKey } from '@kora/contracts';
import { isBlockedBetween, mutesOf, type MemberBlocksTable, type MemberMutesTable } from '@kora/platform/service';
import { isDeepStrictEqual } from 'node:util';
import { eventually } from './adapters.js';
import type { TestService } from './service.js';
import { publishEvent } from './service-helpers.js';

/** `blockerId` blocked (or, with `blocked` false, unblocked) `blockedId`; waits for `table` to say so. */
export async function announceBlock(
  svc: TestService,
  table: MemberBlocksTable,
  blockerId: number,
  blockedId: number,
  blocked = true,
): Promise<void> {
  const type = blocked ? 'member.blocked' : 'member.unblocked';
  await publishEvent(svc, type, { blockerId, blockedId }, friendPairKey(blockerId, blockedId), blockerId);
  await eventually(async () => (await isBlockedBetween(svc.ctx.db, table, blockerId, blockedId)) === blocked);
}

/** `userId`'s complete mutes are now `memberIds` and `words` (normalised); waits for `table` to hold them. */
export async function announceMutes(
  svc: TestService,
  table: MemberMutesTable,
  userId: number,
  mutes: { memberIds?: number[]; words?: string[] },
): Promise<void> {
  const wanted = { memberIds: mutes.memberIds ?? [], words: mutes.words ?? [] };
  await publishEvent(svc, 'settings.mutes-changed', { userId, ...wanted }, userId, userId);
  await eventually(async () => isDeepStrictEqual(await mutesOf(svc.ctx.db, table, userId), wanted));
}
