import { loadLanguage, setLocaleSource } from '@kora/contracts';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { localeFromHtml } from './utils/page-locale';
import { registerServiceWorkerAfterLoad } from './utils/service-worker.client';

// The page's language and time zone are the server's (decision 045): read them before hydrating so
// every text and date renders as the server rendered it. A change of language reloads the page.
const locale = localeFromHtml(document.documentElement);
setLocaleSource(() => locale);

void loadLanguage(locale.language)
  .catch(() => {
    // A catalog that cannot load (a deploy removed the chunk): the page reads in English.
    locale.language = 'en';
  })
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  );

registerServiceWorkerAfterLoad();
