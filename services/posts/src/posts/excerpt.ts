/** A short, single-line extract of a text for events (notifications show it, never the whole post). */
export const EXCERPT_LENGTH = 100;

export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line]; // by code point: never cut an emoji in half
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** Length as people count it: code points, so an emoji is one character, not two. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
