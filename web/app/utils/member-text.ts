/**
 * What a member wrote (a post, a comment), split into the pieces LinkifiedText draws: plain text,
 * http(s) links, the `@names` of approved mentions and `#tags`. Links are found first, so a URL's
 * `#fragment` stays inside its link; tags are found over the whole text (contracts' one rule, the
 * one the posts service stores them by), so a `#` right after a word, `&` or `#` is never a tag
 * even where a link or a mention ends just before it.
 */
import { hashtagTokens, type HashtagToken, type PostMention } from '@kora/contracts';
import { mentionParts } from '~/components/posts/mention-parts';
import { linkify } from './linkify';

export type MemberTextPart =
  | { type: 'text'; value: string }
  | { type: 'link'; value: string }
  | { type: 'mention'; value: string; userId: number }
  | { type: 'hashtag'; value: string; tag: string };

/** `text` from `start` (its place in the whole text) cut at the tags that lie wholly inside it. */
function withHashtags(value: string, start: number, tokens: HashtagToken[]): MemberTextPart[] {
  const end = start + value.length;
  const parts: MemberTextPart[] = [];
  let last = start;
  for (const token of tokens) {
    const tokenEnd = token.index + 1 + token.run.length;
    if (token.index < last || tokenEnd > end) continue;
    if (token.index > last) parts.push({ type: 'text', value: value.slice(last - start, token.index - start) });
    parts.push({ type: 'hashtag', value: `#${token.run}`, tag: token.tag });
    last = tokenEnd;
  }
  if (last < end) parts.push({ type: 'text', value: value.slice(last - start) });
  return parts;
}

export function memberTextParts(
  text: string,
  { mentions = [], hashtags = true }: { mentions?: PostMention[]; hashtags?: boolean } = {},
): MemberTextPart[] {
  const tokens = hashtags ? hashtagTokens(text) : [];
  const parts: MemberTextPart[] = [];
  let offset = 0;
  for (const part of linkify(text)) {
    // linkify's parts are the whole text in order, so their lengths walk it.
    if (part.type === 'link') {
      parts.push(part);
    } else {
      let pieceStart = offset;
      for (const piece of mentionParts(part.value, mentions)) {
        if (piece.type === 'mention') parts.push(piece);
        else parts.push(...withHashtags(piece.value, pieceStart, tokens));
        pieceStart += piece.value.length;
      }
    }
    offset += part.value.length;
  }
  return parts;
}
