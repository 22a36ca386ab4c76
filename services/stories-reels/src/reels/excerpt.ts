/**
 * A comment's short, single-line extract for `reel.commented` (the notification shows it, never the
 * whole comment). The same rule as posts' (services/posts/src/posts/excerpt.ts): 100 code points,
 * an ellipsis when cut, never half an emoji.
 */
export const EXCERPT_LENGTH = 100;

export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
