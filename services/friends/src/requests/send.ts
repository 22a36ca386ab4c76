/**
 * Sending a friend request (profile's Add Friend, Friends page). Rules, in order:
 * - to yourself: 400; to a member we do not know or who has not activated: 404;
 * - already friends: 409; your request is already pending: 409;
 * - they already asked you: theirs is accepted instead (you both want it) and answered with 200;
 * - either of the two blocked the other: 403, whichever way (decision 036);
 * - otherwise the request policy decides (rules/may-request.ts, 403), and the request is created.
 *
 * Concurrency: at most one pending request per unordered pair is a unique index. If the other
 * member's request (or our own double click) is committed while we insert, the insert does nothing
 * and the loop reads the pending request again under a row lock, then accepts theirs or refuses
 * ours. So two members asking each other at the same moment end up friends, never with two crossed
 * pending requests.
 */
import { friendPairKey } from '@kora/contracts';
import { findMember, isBlockedBetween } from '@kora/platform/service';
import type { Friends } from '../context.js';
import type { RequestRow } from '../db/schema.js';
import { lockPair } from '../blocks/pair-lock.js';
import { alreadyFriends, alreadyRequested, notYourself, refused, requestBlocked, requestBusy, userNotFound } from '../errors.js';
import { mayRequest } from '../rules/may-request.js';
import { acceptPending, areFriends, pendingBetween } from './pair.js';

/** How often the pair is read again when it changed under us; each retry means someone else acted. */
const MAX_ATTEMPTS = 5;

export interface SendOutcome {
  /** `sent`: a new pending request (201); `accepted`: theirs, accepted (200). */
  outcome: 'sent' | 'accepted';
  request: RequestRow;
}

export async function sendRequest(friends: Friends, fromUserId: number, toUserId: number): Promise<SendOutcome> {
  const { ctx, tables } = friends;
  if (fromUserId === toUserId) throw notYourself();
  const member = await findMember(ctx.db, tables.members, toUserId);
  if (!member?.activated) throw userNotFound();

  return ctx.transact(async (tx, emit) => {
    await lockPair(tx, ctx.schema, fromUserId, toUserId);
    if (await isBlockedBetween(tx, tables.blocks, fromUserId, toUserId)) throw requestBlocked();
    if (await areFriends(tx, tables, fromUserId, toUserId)) throw alreadyFriends();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pending = await pendingBetween(tx, tables, fromUserId, toUserId, true);
      if (pending) {
        if (pending.fromUserId === fromUserId) throw alreadyRequested();
        const accepted = await acceptPending(friends, tx, emit, pending, fromUserId);
        if (accepted) return { outcome: 'accepted' as const, request: accepted };
        continue; // answered or cancelled just now: look again
      }
      const refusal = await mayRequest(tx, tables, { fromUserId, toUserId });
      if (refusal) throw refused(refusal);
      const [created] = await tx
        .insert(tables.requests)
        .values({ fromUserId, toUserId, createdAt: friends.now() })
        .onConflictDoNothing()
        .returning();
      if (!created) continue; // a pending request for the pair was committed meanwhile: read it
      // An accept committed between our first check and the insert made them friends: the
      // insert saw their request gone, and this later statement sees the friendship.
      if (await areFriends(tx, tables, fromUserId, toUserId)) throw alreadyFriends();
      emit({
        type: 'friend-request.sent',
        aggregateId: friendPairKey(fromUserId, toUserId),
        actorId: fromUserId,
        payload: { fromUserId, toUserId, requestId: created.id },
      });
      return { outcome: 'sent' as const, request: created };
    }
    throw requestBusy();
  });
}
