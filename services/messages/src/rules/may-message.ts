/**
 * Who may message whom (decision 039): a block either way refuses; otherwise the recipient's
 * message policy decides: `nobody` refuses, `friends` refuses a stranger, `everyone` lets a
 * stranger in as a request (the recipient's Requests tab) and a friend straight into the inbox.
 */
import type { MessagePolicy } from '@kora/contracts';
import { areFriends, isBlockedBetween, type DbOrTx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';

/** Where the recipient's membership lands, or `refused` (403 "You can't message this member"). */
export type MessageAdmission = 'inbox' | 'request' | 'refused';

export async function messagePolicyOf(db: DbOrTx, tables: MessagesTables, userId: number): Promise<MessagePolicy> {
  const [row] = await db.select({ policy: tables.policies.messagePolicy }).from(tables.policies).where(eq(tables.policies.userId, userId));
  return row?.policy ?? 'everyone';
}

export async function admissionOf(db: DbOrTx, tables: MessagesTables, senderId: number, recipientId: number): Promise<MessageAdmission> {
  if (await isBlockedBetween(db, tables.blocks, senderId, recipientId)) return 'refused';
  const [policy, friends] = await Promise.all([
    messagePolicyOf(db, tables, recipientId),
    areFriends(db, tables.friendships, senderId, recipientId),
  ]);
  return admission({ blocked: false, policy, friends });
}

/** The rule itself, for a caller that read the facts already (a send reads them in one statement). */
export function admission(facts: { blocked: boolean; policy: MessagePolicy; friends: boolean }): MessageAdmission {
  if (facts.blocked || facts.policy === 'nobody') return 'refused';
  if (facts.friends) return 'inbox';
  return facts.policy === 'friends' ? 'refused' : 'request';
}
