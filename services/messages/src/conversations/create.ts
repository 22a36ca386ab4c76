/**
 * POST /api/messages/conversations (decision 039). One member (and no `group: true`): the pair's
 * direct conversation, made once (`direct_key`); asking again answers the existing one (200), and
 * the caller's own membership comes back to the inbox if they had left, declined or not yet
 * accepted it (starting it yourself accepts it). Several members, or `group: true`: a group with
 * a name, up to 32 members with its creator. Every named member must be one the caller may message.
 */
import { messageLimits } from '@kora/contracts';
import { type Emit, type Tx } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { notYourself, titleRequired, tooManyMembers } from '../errors.js';
import { membersOf } from './access.js';
import { everyoneIn } from './audience.js';
import { admitMembers } from './members-check.js';

export interface CreateConversation {
  memberIds: number[];
  title?: string | undefined;
  group?: boolean | undefined;
}

export async function createConversation(
  m: Messages,
  callerId: number,
  body: CreateConversation,
): Promise<{ id: number; created: boolean }> {
  const others = [...new Set(body.memberIds)].filter((id) => id !== callerId);
  if (others.length === 0) throw notYourself();
  const group = body.group === true || others.length > 1;
  if (!group) return startDirect(m, callerId, others[0]!);
  const title = body.title?.trim() ?? '';
  if (title === '') throw titleRequired();
  if (others.length + 1 > messageLimits.maxMembers) throw tooManyMembers();
  return m.ctx.transact(async (tx, emit) => {
    const states = await admitMembers(m, tx, callerId, others);
    const { conversations, conversationMembers } = m.tables;
    const [row] = await tx.insert(conversations).values({ kind: 'group', title, creatorId: callerId }).returning({ id: conversations.id });
    const id = row!.id;
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: id, userId: callerId, state: 'active' as const },
        ...others.map((userId) => ({ conversationId: id, userId, state: states.get(userId)! })),
      ]);
    changed(emit, id, callerId, [callerId, ...others]);
    return { id, created: true };
  });
}

async function startDirect(m: Messages, callerId: number, otherId: number): Promise<{ id: number; created: boolean }> {
  const directKey = `${Math.min(callerId, otherId)}:${Math.max(callerId, otherId)}`;
  return m.ctx.transact(async (tx, emit) => {
    const states = await admitMembers(m, tx, callerId, [otherId]);
    const { conversations, conversationMembers: cm } = m.tables;
    const [made] = await tx
      .insert(conversations)
      .values({ kind: 'direct', creatorId: callerId, directKey })
      .onConflictDoNothing({ target: conversations.directKey })
      .returning({ id: conversations.id });
    if (made) {
      await tx.insert(cm).values([
        { conversationId: made.id, userId: callerId, state: 'active' },
        { conversationId: made.id, userId: otherId, state: states.get(otherId)! },
      ]);
      changed(emit, made.id, callerId, [callerId, otherId]);
      return { id: made.id, created: true };
    }
    const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, directKey));
    const id = existing!.id;
    await rejoin(m, tx, emit, id, callerId);
    return { id, created: false };
  });
}

/** The caller comes back to the inbox of a direct conversation they were out of or had not accepted. */
async function rejoin(m: Messages, tx: Tx, emit: Emit, id: number, callerId: number): Promise<void> {
  const cm = m.tables.conversationMembers;
  const [own] = await tx
    .select()
    .from(cm)
    .where(and(eq(cm.conversationId, id), eq(cm.userId, callerId)));
  if (own?.state === 'active') return;
  await tx
    .insert(cm)
    .values({ conversationId: id, userId: callerId, state: 'active' })
    .onConflictDoUpdate({ target: [cm.conversationId, cm.userId], set: { state: 'active', leftAt: null } });
  changed(emit, id, callerId, everyoneIn(await membersOf(m, tx, id), [callerId]));
}

export function changed(emit: Emit, conversationId: number, actorId: number, memberIds: number[]): void {
  emit({ type: 'conversation.changed', aggregateId: conversationId, actorId, payload: { conversationId, memberIds } });
}
