/**
 * An image drawn once for light and once for dark surfaces (decision 043), as one <img>: Light and
 * Dark pick their drawing on the server; System wraps it in a <picture> whose source follows the
 * device's preference, so no script is needed and the image changes with the device's setting.
 */
import type { Theme } from '@kora/contracts';
import { forwardRef, type ImgHTMLAttributes } from 'react';
import { PREFERS_DARK } from '~/utils/theme-color';

type ThemedImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { theme: Theme; lightSrc: string; darkSrc: string };

export const ThemedImage = forwardRef<HTMLImageElement, ThemedImageProps>(function ThemedImage(
  { theme, lightSrc, darkSrc, alt, ...img },
  ref,
) {
  if (theme !== 'system') return <img ref={ref} src={theme === 'dark' ? darkSrc : lightSrc} alt={alt} {...img} />;
  return (
    // `contents`: the <img> is laid out as the parent's own child, as without the wrapper.
    <picture className="contents">
      <source srcSet={darkSrc} media={PREFERS_DARK} />
      <img ref={ref} src={lightSrc} alt={alt} {...img} />
    </picture>
  );
});
