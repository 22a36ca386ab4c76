import { shellTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { useImageFallback } from '~/utils/use-image-fallback';
import { cn } from '~/utils/misc';
import { usePageTheme } from '~/utils/use-page-theme';
import { ThemedImage } from './themed-image';

export const LOGO_SRC = '/images/logo.svg';
/** The same logo for dark surfaces: a lighter mark and wordmark that stay legible on the dark bar (logo-contrast.test.ts). */
export const LOGO_DARK_SRC = '/images/logo-dark.svg';
export const LOGO_FALLBACK_SRC = '/images/logo-fallback.svg';

/** The brand logo in the page's theme; swaps to a placeholder image if the logo file cannot be loaded (docs/product/navigation.md). */
export function LogoImage({ siteName, className }: { siteName: string; className?: string }) {
  const theme = usePageTheme();
  const { ref, failed, onError } = useImageFallback(theme === 'dark' ? LOGO_DARK_SRC : LOGO_SRC);
  const image = { ref, width: 112, height: 32, className: cn('h-8 w-auto', className) };
  if (failed) return <img {...image} alt={siteName} src={LOGO_FALLBACK_SRC} data-fallback="true" />;
  return <ThemedImage {...image} alt={siteName} theme={theme} lightSrc={LOGO_SRC} darkSrc={LOGO_DARK_SRC} onError={onError} />;
}

export function LogoLink({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <Link to="/" aria-label={shellTexts.siteHome(siteName)} className={cn('inline-flex shrink-0 rounded-md', className)}>
      <LogoImage siteName={siteName} />
    </Link>
  );
}
