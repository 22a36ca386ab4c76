/**
 * A group's picture, or, when it has none (`group_picture` null), a tile in the brand's colours with
 * the title's initial, so every card and header has something to recognise the group by.
 */
import { cn } from '~/utils/misc';
import { mediaUrl } from '~/utils/media';

export function GroupPicture({
  title,
  picture,
  className,
  initialClassName,
}: {
  title: string;
  picture: string | null;
  className?: string;
  initialClassName?: string;
}) {
  const src = mediaUrl(picture);
  if (src) return <img src={src} alt="" loading="lazy" className={cn('object-cover', className)} />;
  return (
    <div
      aria-hidden="true"
      className={cn('flex items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800 text-white', className)}
    >
      <span className={cn('font-bold uppercase', initialClassName ?? 'text-4xl')}>{[...title.trim()][0] ?? '?'}</span>
    </div>
  );
}
