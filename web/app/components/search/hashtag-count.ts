import { searchScreenTexts } from '@kora/contracts';
import { formatNumber } from '~/utils/dates';

/** "1 post", "12 posts", "24.8K posts": how many posts carry a tag. */
export function hashtagPostCount(count: number): string {
  const number = count < 1000 ? String(count) : formatNumber(count, { notation: 'compact', maximumFractionDigits: 1 });
  return searchScreenTexts.postCount(count, number);
}
