import { Link } from '@remix-run/react';
import { useImageFallback } from '~/utils/use-image-fallback';
import { cn } from '~/utils/misc';

export const LOGO_SRC = '/images/logo.svg';
export const LOGO_FALLBACK_SRC = '/images/logo-fallback.svg';

/** The brand logo; swaps to a placeholder image if the logo file cannot be loaded (docs/product/navigation.md). */
export function LogoImage({ siteName, className }: { siteName: string; className?: string }) {
  const { ref, failed, onError } = useImageFallback(LOGO_SRC);
  return (
    <img
      ref={ref}
      src={failed ? LOGO_FALLBACK_SRC : LOGO_SRC}
      onError={failed ? undefined : onError}
      alt={siteName}
      width={112}
      height={32}
      data-fallback={failed ? 'true' : undefined}
      className={cn('h-8 w-auto', className)}
    />
  );
}

export function LogoLink({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <Link to="/" aria-label={`${siteName} home`} className={cn('inline-flex shrink-0 rounded-md', className)}>
      <LogoImage siteName={siteName} />
    </Link>
  );
}
