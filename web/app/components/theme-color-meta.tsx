/** The browser bar's colour for the theme shown (utils/theme-color.ts), in the document's head. */
import type { Theme } from '@kora/contracts';
import { themeColorMetas } from '~/utils/theme-color';

export function ThemeColorMeta({ theme }: { theme: Theme }) {
  return (
    <>
      {themeColorMetas(theme).map(({ content, media }) => (
        <meta key={media ?? 'all'} name="theme-color" content={content} media={media} />
      ))}
    </>
  );
}
