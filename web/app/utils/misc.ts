/** Joins class names, skipping falsy ones (no tailwind-merge: primitives avoid conflicting classes). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

/** "12400" → "12.4K": compact counts for trending tags and badges. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** "1 like", "2 likes", "0 comments". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
