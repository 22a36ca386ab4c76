import type { ReactNode } from 'react';
import { cn } from '~/utils/misc';
import { LogoLink } from './logo';

/** Full-page shell without the member layout: login, register, not-found and the error screen. */
export function StandalonePage({
  siteName,
  children,
  wide,
}: {
  siteName: string;
  children: ReactNode;
  /** For pages with more to show than a form (e.g. the development mailbox). */
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      <LogoLink siteName={siteName} className="mb-8 scale-125" />
      <main id="main" className={cn('w-full', wide ? 'max-w-3xl' : 'max-w-md')}>
        {children}
      </main>
    </div>
  );
}
