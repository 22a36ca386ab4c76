/**
 * The page the service worker shows when a page cannot load for lack of network (decision 041).
 * A whole document that needs nothing else from the network: the stylesheet and the logo travel
 * inside it, because offline nothing else can be fetched. No script: "Try again" is a link to the
 * address the member asked for (the empty href), which the service worker tries on the network again.
 * It is the same for everyone and cannot know a member's theme, so it follows the device's (System).
 */
import { currentLanguage, offlineTexts } from '@kora/contracts';
import { WifiOffIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { htmlThemeAttributes } from '~/utils/theme';
import { ThemeColorMeta } from './theme-color-meta';
import { ThemedImage } from './themed-image';
import { pageTitle } from '~/utils/site';

/** The logo's two drawings as data URLs: offline, not even the logo can be fetched. */
export interface OfflineLogo {
  light: string;
  dark: string;
}

export function OfflinePage({ siteName, stylesheet, logo }: { siteName: string; stylesheet: string; logo: OfflineLogo }) {
  return (
    <html lang={currentLanguage()} {...htmlThemeAttributes('system')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeColorMeta theme="system" />
        <title>{pageTitle(offlineTexts.title, siteName)}</title>
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
      </head>
      <body>
        <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
          <ThemedImage
            theme="system"
            lightSrc={logo.light}
            darkSrc={logo.dark}
            alt={siteName}
            width={112}
            height={32}
            className="mb-8 h-8 w-auto scale-125"
          />
          <main id="main" className="w-full max-w-md">
            <Card className="px-6 py-10 text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                <WifiOffIcon className="size-7" aria-hidden="true" />
              </span>
              <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{offlineTexts.heading}</h1>
              <p className="mt-3 text-slate-600">{offlineTexts.body}</p>
              {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- an empty address is a real one: this page's own */}
              <a href="" className={buttonClasses('primary', 'md', 'mt-8')}>
                {offlineTexts.retry}
              </a>
            </Card>
          </main>
        </div>
      </body>
    </html>
  );
}
