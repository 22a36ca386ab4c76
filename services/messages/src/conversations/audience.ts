/**
 * Whom a conversation's live events are for (the registry's `memberIds`, `notifyIds`): the
 * notifications hub sends frames to these members' sockets without knowing the conversation.
 */
import { blockedPeersOf, type DbOrTx } from '@kora/platform/service';
import type { Messages } from '../context.js';
import type { MemberRow, MemberState } from '../db/schema.js';
import { IN_STATES } from './access.js';

export interface Audience {
  /** Members in the conversation (the sender's other tabs included), less those a block keeps apart from the actor. */
  memberIds: number[];
  /** Inbox members other than the actor: who may get a bell notification (never a request's recipient). */
  notifyIds: number[];
}

/** Whether a member in this state is in the conversation (a declined or departed one is not). */
export function isInConversation(state: string | null): boolean {
  return state !== null && (IN_STATES as readonly string[]).includes(state);
}

export async function audienceOf(m: Messages, db: DbOrTx, members: MemberRow[], actorId: number): Promise<Audience> {
  const apart = await blockedPeersOf(db, m.tables.blocks, actorId);
  return audienceFrom(
    members.map((row) => ({ userId: row.userId, state: row.state, apart: apart.has(row.userId) })),
    actorId,
  );
}

/** From the members, each with whether a block keeps them apart from the actor (never the actor themself). */
export function audienceFrom(members: { userId: number; state: MemberState; apart: boolean }[], actorId: number): Audience {
  const reached = members.filter((row) => isInConversation(row.state) && !(row.apart && row.userId !== actorId));
  return {
    memberIds: reached.map((row) => row.userId),
    notifyIds: reached.filter((row) => row.state === 'active' && row.userId !== actorId).map((row) => row.userId),
  };
}

/** The members in the conversation and `alsoIds` (a member just removed or leaving), for `conversation.changed`. */
export function everyoneIn(members: MemberRow[], alsoIds: number[] = []): number[] {
  const inside = members.filter((row) => isInConversation(row.state)).map((row) => row.userId);
  return [...new Set([...inside, ...alsoIds])];
}
