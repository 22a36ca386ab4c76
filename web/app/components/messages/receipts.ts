/**
 * What a conversation says about its members: its name in lists and headers, and the marks under
 * the member's own newest message ("Delivered", "Seen", in a group "Seen by …"), kept current by
 * the socket's conversation:read and conversation:delivered frames.
 */
import { messageTexts, type Conversation, type ConversationMember } from '@kora/contracts';

/** The other members still in it (a group's former members stay listed for their messages). */
export function otherMembers(conversation: Conversation, meId: number): ConversationMember[] {
  return conversation.members.filter((member) => member.id !== meId && member.active);
}

/** A group's title; a direct conversation (or an untitled group) by its other members' names. */
export function conversationName(conversation: Conversation, meId: number): string {
  if (conversation.title) return conversation.title;
  const names = otherMembers(conversation, meId).map((member) => member.name);
  return names.length > 0 ? names.join(', ') : messageTexts.you;
}

/** A member's marks moved forward (never back: frames may arrive out of order with a page). */
export function withMark(conversation: Conversation, mark: { userId: number; readUpTo?: number; deliveredUpTo?: number }): Conversation {
  let changed = false;
  const members = conversation.members.map((member) => {
    if (member.id !== mark.userId) return member;
    // Reading a message means it arrived, too.
    const delivered = Math.max(member.deliveredUpTo ?? 0, mark.deliveredUpTo ?? 0, mark.readUpTo ?? 0);
    const read = Math.max(member.readUpTo ?? 0, mark.readUpTo ?? 0);
    const next = {
      ...member,
      readUpTo: read > 0 ? read : member.readUpTo,
      deliveredUpTo: delivered > 0 ? delivered : member.deliveredUpTo,
    };
    if (next.readUpTo !== member.readUpTo || next.deliveredUpTo !== member.deliveredUpTo) changed = true;
    return next;
  });
  return changed ? { ...conversation, members } : conversation;
}

/** The mark under the member's own message `messageId`, or null when nobody has received it yet. */
export function receiptText(conversation: Conversation, meId: number, messageId: number): string | null {
  const others = otherMembers(conversation, meId);
  const seen = others.filter((member) => (member.readUpTo ?? 0) >= messageId);
  if (conversation.kind === 'direct') {
    if (seen.length > 0) return messageTexts.seen;
  } else if (seen.length > 0) {
    return messageTexts.seenBy(seen.map((member) => member.name).join(', '));
  }
  return others.some((member) => (member.deliveredUpTo ?? 0) >= messageId) ? messageTexts.delivered : null;
}
