/**
 * Short, single-line extracts of members' texts for events (notifications show them, never the
 * whole post or comment), and length as people count it. Plain functions: services and the browser
 * share them.
 */
export const EXCERPT_LENGTH = 100;

/** Whitespace folded to single spaces, at most `max` code points, an ellipsis when cut. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line]; // by code point: never cut an emoji in half
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Length as people count it: code points, so an emoji is one character, not two. */
export function textLength(text: string): number {
  return [...text].length;
}
