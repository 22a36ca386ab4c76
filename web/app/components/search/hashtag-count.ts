import { countLabel, formatCount } from '~/utils/misc';

/** "1 post", "12 posts", "24.8K posts": how many posts carry a tag. */
export function hashtagPostCount(count: number): string {
  return count < 1000 ? countLabel(count, 'post') : `${formatCount(count)} posts`;
}
