/**
 * POST /api/messages/conversations/{id}/typing (decision 039). Ephemeral: published straight to
 * the bus (no outbox: losing one is harmless), at most one per member and conversation every 3 s
 * (the shared store's counter, so every instance agrees). Not passed on while the caller's
 * membership is a request: the sender would learn their request was opened.
 */
import { messageLimits, topicOf } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { conversationOf, membersOf } from '../conversations/access.js';
import { audienceOf } from '../conversations/audience.js';

export async function signalTyping(m: Messages, callerId: number, conversationId: number): Promise<void> {
  const { membership } = await conversationOf(m, m.ctx.db, conversationId, callerId);
  if (membership.state !== 'active') return;
  const windowMs = messageLimits.typingIntervalSeconds * 1000;
  const { count } = await m.ctx.store.hit(`messages:typing:${conversationId}:${callerId}`, windowMs);
  if (count > 1) return;
  const { memberIds } = await audienceOf(m, m.ctx.db, await membersOf(m, m.ctx.db, conversationId), callerId);
  const envelope = buildEnvelope({
    type: 'conversation.typing',
    aggregateId: conversationId,
    actorId: callerId,
    payload: { conversationId, memberIds: memberIds.filter((id) => id !== callerId), userId: callerId },
  });
  await m.ctx.bus.publish([{ topic: topicOf('conversation.typing'), key: String(conversationId), value: JSON.stringify(envelope) }]);
}
