/**
 * The web app manifest that makes Kora installable (decision 041): named after the site as the
 * admin set it, opening on the News Feed in a window of its own, with the icons that
 * scripts/app-icons.mjs draws from the favicon.
 */
import { currentLanguage } from '@kora/contracts';
import { BACKGROUND_COLOR, THEME_COLOR } from './app-colors';
import { siteDescription } from './page-meta';
import { DEFAULT_SITE_NAME } from './site';

export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** Launchers cut longer names under the icon; past this a shorter form is used. */
const SHORT_NAME_MAX = 12;

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly WebManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/** The name under the home-screen icon: the site name, else its first word, else its start. */
export function shortNameOf(siteName: string): string {
  const name = siteName.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const firstWord = name.split(/\s+/)[0]!;
  return firstWord.length <= SHORT_NAME_MAX ? firstWord : firstWord.slice(0, SHORT_NAME_MAX);
}

export function webManifest(siteName: string) {
  const name = siteName.trim() || DEFAULT_SITE_NAME;
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: siteDescription(),
    lang: currentLanguage(),
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['social'],
    icons: APP_ICONS,
  } as const;
}
