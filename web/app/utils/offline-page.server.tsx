/**
 * The offline page's HTML (components/offline-page.tsx). Only the service worker asks for it, when
 * it installs (decision 041), so it is rendered per request.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { OfflinePage } from '~/components/offline-page';
import stylesheet from '~/tailwind.css?inline';
import darkLogo from '../../public/images/logo-dark.svg?raw';
import lightLogo from '../../public/images/logo.svg?raw';

const dataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
const LOGO = { light: dataUrl(lightLogo), dark: dataUrl(darkLogo) };

export function offlinePageHtml(siteName: string): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<OfflinePage siteName={siteName} stylesheet={stylesheet} logo={LOGO} />)}`;
}
