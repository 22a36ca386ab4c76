import { notificationTexts } from '@kora/contracts';
import { useImageFallback } from '~/utils/use-image-fallback';
import { initials } from '~/utils/media';
import { cn } from '~/utils/misc';

// Placeholder colours picked from the name so a member keeps the same colour everywhere.
const palette = [
  'bg-emerald-100 text-emerald-800',
  'bg-sky-100 text-sky-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
  'bg-teal-100 text-teal-800',
];

function colourFor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
  /** Square with rounded corners (pages) instead of a circle (people). */
  square?: boolean;
  /**
   * Accessible name when the picture is content (a profile header); without it the avatar is
   * decorative, because a name next to it already says who this is.
   */
  alt?: string;
  /** A green dot: the member has the app open (and may be seen so; GET /api/presence). */
  online?: boolean;
}

/** A member picture with a green "Online" dot when `online`. */
export function Avatar({ online, ...props }: AvatarProps) {
  if (!online) return <Picture {...props} />;
  return (
    <span className="relative inline-flex shrink-0">
      <Picture {...props} />
      <span className="absolute bottom-0 right-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white" data-testid="online-dot">
        <span className="sr-only">{notificationTexts.online}</span>
      </span>
    </span>
  );
}

/** The picture, falling back to the name's initials when there is none or it fails to load. */
function Picture({ name, src, className, square, alt }: Omit<AvatarProps, 'online'>) {
  const { ref, failed, onError } = useImageFallback(src);
  const shape = square ? 'rounded-lg' : 'rounded-full';
  if (failed || !src) {
    const classes = cn(
      'inline-flex size-10 shrink-0 select-none items-center justify-center text-sm font-semibold',
      shape,
      colourFor(name),
      className,
    );
    if (alt) {
      return (
        <span role="img" aria-label={alt} className={classes}>
          {initials(name)}
        </span>
      );
    }
    // Decorative: the initials are drawn by CSS, not written as text, so a button or link holding
    // the picture and a name has the name alone as its visible text (WCAG 2.5.3, label in name).
    return <span aria-hidden="true" data-initials={initials(name)} className={cn(classes, 'before:content-[attr(data-initials)]')} />;
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt ?? ''}
      onError={onError}
      className={cn('size-10 shrink-0 bg-slate-200 object-cover', shape, className)}
    />
  );
}
