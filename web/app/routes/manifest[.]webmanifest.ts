/**
 * /manifest.webmanifest — what a browser needs to install Kora (decision 041), named after the site
 * as the admin set it. Public and the same for everyone; browsers fetch it without cookies.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { siteInfo } from '~/utils/site-info.server';
import { webManifest } from '~/utils/web-manifest';

export async function loader({ request }: LoaderFunctionArgs) {
  const { siteName } = await siteInfo(request);
  return new Response(JSON.stringify(webManifest(siteName)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      // Revalidated on each use, so an admin's new site name reaches the next install.
      'Cache-Control': 'no-cache',
    },
  });
}
