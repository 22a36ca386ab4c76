/**
 * The `<meta name="theme-color">` tags for the theme a page is shown in (decisions 041, 043): the
 * brand colour in Light, the dark bar's colour in Dark, and for System one of each, each under the
 * device preference it belongs to, so the browser's bar follows the device as the page does.
 */
import type { Theme } from '@kora/contracts';
import { DARK_THEME_COLOR, THEME_COLOR } from './app-colors';

export interface ThemeColorMeta {
  content: string;
  media?: string;
}

export const PREFERS_DARK = '(prefers-color-scheme: dark)';
export const PREFERS_LIGHT = '(prefers-color-scheme: light)';

export function themeColorMetas(theme: Theme): ThemeColorMeta[] {
  if (theme === 'light') return [{ content: THEME_COLOR }];
  if (theme === 'dark') return [{ content: DARK_THEME_COLOR }];
  return [
    { content: THEME_COLOR, media: PREFERS_LIGHT },
    { content: DARK_THEME_COLOR, media: PREFERS_DARK },
  ];
}
