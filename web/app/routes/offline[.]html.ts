/**
 * /offline.html — the page the service worker keeps for when a page cannot load for lack of
 * network (decision 041). Public and the same for every member; the worker fetches it at install.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { offlinePageHtml } from '~/utils/offline-page.server';
import { siteInfo } from '~/utils/site-info.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { siteName } = await siteInfo(request);
  return new Response(offlinePageHtml(siteName), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
