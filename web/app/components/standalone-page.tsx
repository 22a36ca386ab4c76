import type { ReactNode } from 'react';
import { LogoLink } from './logo';

/** Full-page shell without the member layout: login, not-found and the error screen. */
export function StandalonePage({ siteName, children }: { siteName: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      <LogoLink siteName={siteName} className="mb-8 scale-125" />
      <main id="main" className="w-full max-w-md">
        {children}
      </main>
    </div>
  );
}
