/**
 * The members a caller names for a conversation: known to the member snapshot and activated
 * (404 "Member not found" otherwise), and each one the caller may message (decision 039): a
 * refusal answers 403 "You can't message this member", naming nobody and no reason.
 */
import type { Tx } from '@kora/platform/service';
import { and, eq, inArray } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { cantMessage, memberNotFound } from '../errors.js';
import { admissionOf } from '../rules/may-message.js';

/** The state each named member's membership starts in: `active` (inbox) or `request`. */
export async function admitMembers(m: Messages, tx: Tx, callerId: number, userIds: number[]): Promise<Map<number, 'active' | 'request'>> {
  const { members } = m.tables;
  const known =
    userIds.length === 0
      ? []
      : await tx
          .select({ userId: members.userId })
          .from(members)
          .where(and(inArray(members.userId, userIds), eq(members.activated, true)));
  if (known.length !== new Set(userIds).size) throw memberNotFound();
  const states = new Map<number, 'active' | 'request'>();
  for (const userId of userIds) {
    const admission = await admissionOf(tx, m.tables, callerId, userId);
    if (admission === 'refused') throw cantMessage();
    states.set(userId, admission === 'inbox' ? 'active' : 'request');
  }
  return states;
}
