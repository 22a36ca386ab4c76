/**
 * Changing a conversation (decision 039): the creator renames a group and adds or removes its
 * members; any member leaves; the recipient of a request accepts or declines it. Each change is
 * announced as `conversation.changed` to the members (and to the one who just left or was removed).
 * A decline tells only the decliner's own tabs: the sender is never told.
 */
import { messageLimits } from '@kora/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { memberNotFound, notCreator, notGroup, notRequest, tooManyMembers } from '../errors.js';
import { conversationOf, IN_STATES, membersOf, type CallerConversation } from './access.js';
import { everyoneIn } from './audience.js';
import { changed } from './create.js';
import { admitMembers } from './members-check.js';

function requireCreatorOfGroup({ conversation }: CallerConversation, callerId: number): void {
  if (conversation.kind !== 'group') throw notGroup();
  if (conversation.creatorId !== callerId) throw notCreator();
}

export async function renameConversation(m: Messages, callerId: number, id: number, title: string): Promise<void> {
  await m.ctx.transact(async (tx, emit) => {
    const found = await conversationOf(m, tx, id, callerId, { lock: true });
    requireCreatorOfGroup(found, callerId);
    const { conversations } = m.tables;
    await tx.update(conversations).set({ title }).where(eq(conversations.id, id));
    changed(emit, id, callerId, everyoneIn(await membersOf(m, tx, id)));
  });
}

export async function addMembers(m: Messages, callerId: number, id: number, memberIds: number[]): Promise<void> {
  await m.ctx.transact(async (tx, emit) => {
    const found = await conversationOf(m, tx, id, callerId, { lock: true });
    requireCreatorOfGroup(found, callerId);
    const current = await membersOf(m, tx, id);
    const inside = new Set(current.filter((r) => (IN_STATES as readonly string[]).includes(r.state)).map((r) => r.userId));
    const added = [...new Set(memberIds)].filter((userId) => !inside.has(userId));
    if (added.length === 0) return;
    if (inside.size + added.length > messageLimits.maxMembers) throw tooManyMembers();
    const states = await admitMembers(m, tx, callerId, added);
    const cm = m.tables.conversationMembers;
    for (const userId of added) {
      const state = states.get(userId)!;
      await tx
        .insert(cm)
        .values({ conversationId: id, userId, state })
        .onConflictDoUpdate({ target: [cm.conversationId, cm.userId], set: { state, leftAt: null, joinedAt: m.now() } });
    }
    changed(emit, id, callerId, everyoneIn(await membersOf(m, tx, id)));
  });
}

/** The creator removes `userId`; removing yourself is leaving (any member may). */
export async function removeMember(m: Messages, callerId: number, id: number, userId: number): Promise<void> {
  if (userId === callerId) return leaveConversation(m, callerId, id);
  await m.ctx.transact(async (tx, emit) => {
    const found = await conversationOf(m, tx, id, callerId, { lock: true });
    requireCreatorOfGroup(found, callerId);
    const cm = m.tables.conversationMembers;
    const gone = await tx
      .update(cm)
      .set({ state: 'left', leftAt: m.now() })
      .where(and(eq(cm.conversationId, id), eq(cm.userId, userId), inArray(cm.state, [...IN_STATES])))
      .returning({ userId: cm.userId });
    if (gone.length === 0) throw memberNotFound();
    changed(emit, id, callerId, everyoneIn(await membersOf(m, tx, id), [userId]));
  });
}

export async function leaveConversation(m: Messages, callerId: number, id: number): Promise<void> {
  await m.ctx.transact(async (tx, emit) => {
    await conversationOf(m, tx, id, callerId, { lock: true });
    const cm = m.tables.conversationMembers;
    await tx
      .update(cm)
      .set({ state: 'left', leftAt: m.now() })
      .where(and(eq(cm.conversationId, id), eq(cm.userId, callerId)));
    changed(emit, id, callerId, everyoneIn(await membersOf(m, tx, id), [callerId]));
  });
}

/** The caller answers a request waiting in their Requests tab. */
export async function answerRequest(m: Messages, callerId: number, id: number, accept: boolean): Promise<void> {
  await m.ctx.transact(async (tx, emit) => {
    const { membership } = await conversationOf(m, tx, id, callerId, { lock: true });
    if (membership.state !== 'request') throw notRequest();
    const cm = m.tables.conversationMembers;
    await tx
      .update(cm)
      .set(accept ? { state: 'active' } : { state: 'declined', leftAt: m.now() })
      .where(and(eq(cm.conversationId, id), eq(cm.userId, callerId)));
    // Accepting lets the marks flow: the others refetch. Declining tells nobody but the decliner's tabs.
    changed(emit, id, callerId, accept ? everyoneIn(await membersOf(m, tx, id)) : [callerId]);
  });
}
