/**
 * Answering a request (the recipient accepts or declines) and taking one back (the sender
 * cancels). The pair's lock (blocks/pair-lock.ts) and then the request row are taken first, so two answers to one request (two tabs, or an
 * accept racing a cancel) are decided one after the other: the second finds it answered (409).
 *
 * Who learns what: a member who is neither the sender nor the recipient gets 404 "Friend request
 * not found", exactly as for an id that does not exist, so request ids reveal nothing. The other
 * party of the request gets 403 (they know it exists).
 */
import { friendPairKey } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import { lockPair } from '../blocks/pair-lock.js';
import type { Friends } from '../context.js';
import type { RequestRow } from '../db/schema.js';
import { alreadyAnswered, notRecipient, notSender, requestNotFound } from '../errors.js';
import { acceptPending, answerIfPending } from './pair.js';

async function lockRequest(friends: Friends, tx: Tx, requestId: number, memberId: number): Promise<RequestRow> {
  const r = friends.tables.requests;
  const [found] = await tx.select({ fromUserId: r.fromUserId, toUserId: r.toUserId }).from(r).where(eq(r.id, requestId));
  if (!found || (found.fromUserId !== memberId && found.toUserId !== memberId)) throw requestNotFound();
  // The pair's lock before the row's, in the block's order: an accept racing a block either
  // commits first (the block then ends the friendship) or finds the request closed by it (409).
  await lockPair(tx, friends.ctx.schema, found.fromUserId, found.toUserId);
  const [request] = await tx.select().from(r).where(eq(r.id, requestId)).for('update');
  if (!request) throw requestNotFound(); // gone with an erased account meanwhile
  return request;
}

/**
 * Declines or takes back a pending request (the caller checked it is theirs to close) and
 * announces it.
 */
async function closeRequest(
  friends: Friends,
  tx: Tx,
  emit: Emit,
  request: RequestRow,
  memberId: number,
  status: 'declined' | 'cancelled',
): Promise<void> {
  await answerIfPending(friends, tx, request.id, status);
  emit({
    type: status === 'declined' ? 'friend-request.declined' : 'friend-request.cancelled',
    aggregateId: friendPairKey(request.fromUserId, request.toUserId),
    actorId: memberId,
    payload: { fromUserId: request.fromUserId, toUserId: request.toUserId, requestId: request.id },
  });
}

export async function answerRequest(friends: Friends, memberId: number, requestId: number, action: 'accepted' | 'declined'): Promise<void> {
  await friends.ctx.transact(async (tx, emit) => {
    const request = await lockRequest(friends, tx, requestId, memberId);
    if (request.toUserId !== memberId) throw notRecipient();
    if (request.status !== 'pending') throw alreadyAnswered();
    if (action === 'accepted') {
      if (!(await acceptPending(friends, tx, emit, request, memberId))) throw alreadyAnswered();
      return;
    }
    await closeRequest(friends, tx, emit, request, memberId, 'declined');
  });
}

export async function cancelRequest(friends: Friends, memberId: number, requestId: number): Promise<void> {
  await friends.ctx.transact(async (tx, emit) => {
    const request = await lockRequest(friends, tx, requestId, memberId);
    if (request.fromUserId !== memberId) throw notSender();
    if (request.status !== 'pending') throw alreadyAnswered();
    await closeRequest(friends, tx, emit, request, memberId, 'cancelled');
  });
}
