/**
 * A member's text split into plain parts and the `@names` of its approved mentions (the post's or
 * comment's `mentions`), matched case-insensitively, found by contracts' rule (the one the posts
 * service stored them by). Any other `@word` stays plain text: a pending or declined mention, a
 * name nobody has.
 */
import { mentionTokens, type PostMention } from '@kora/contracts';

export type MentionPart = { type: 'text'; value: string } | { type: 'mention'; value: string; userId: number };

export function mentionParts(text: string, mentions: PostMention[]): MentionPart[] {
  if (mentions.length === 0) return [{ type: 'text', value: text }];
  const byName = new Map(mentions.map((m) => [m.username.toLowerCase(), m.userId]));
  const parts: MentionPart[] = [];
  let last = 0;
  for (const token of mentionTokens(text)) {
    const name = token.names.find((n) => byName.has(n.toLowerCase()));
    if (name === undefined) continue;
    if (token.index > last) parts.push({ type: 'text', value: text.slice(last, token.index) });
    parts.push({ type: 'mention', value: `@${name}`, userId: byName.get(name.toLowerCase())! });
    last = token.index + 1 + name.length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}
