/**
 * Whom a conversation's live events are for (the registry's `memberIds`, `notifyIds`): the
 * notifications hub sends frames to these members' sockets without knowing the conversation.
 */
import { blockedPeersOf, type DbOrTx } from '@kora/platform/service';
import type { Messages } from '../context.js';
import type { MemberRow } from '../db/schema.js';

export interface Audience {
  /** Members in the conversation (the sender's other tabs included), less those a block keeps apart from the actor. */
  memberIds: number[];
  /** Inbox members other than the actor: who may get a bell notification (never a request's recipient). */
  notifyIds: number[];
}

export async function audienceOf(m: Messages, db: DbOrTx, members: MemberRow[], actorId: number): Promise<Audience> {
  const apart = await blockedPeersOf(db, m.tables.blocks, actorId);
  const reached = members.filter((row) => (row.state === 'active' || row.state === 'request') && !apart.has(row.userId));
  return {
    memberIds: reached.map((row) => row.userId),
    notifyIds: reached.filter((row) => row.state === 'active' && row.userId !== actorId).map((row) => row.userId),
  };
}

/** The members in the conversation and `alsoIds` (a member just removed or leaving), for `conversation.changed`. */
export function everyoneIn(members: MemberRow[], alsoIds: number[] = []): number[] {
  const inside = members.filter((row) => row.state === 'active' || row.state === 'request').map((row) => row.userId);
  return [...new Set([...inside, ...alsoIds])];
}
