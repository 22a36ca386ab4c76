/**
 * Data saver (decision 044): smaller photos, no video autoplay, videos only on tap. The member's
 * choice is on or off; `auto` (never chose) follows the browser: on when it sends `Save-Data: on`
 * or reports a 2G/3G connection (the `ECT` client hint on the server, `navigator.connection` in the
 * browser, for a first visit before the hint arrives).
 */
import type { DataSaverChoice } from '@kora/contracts';
import { useEffect, useState } from 'react';
import type { DataSaverState } from './layout-data';
import { useAppLayout } from './use-app-layout';

export type { DataSaverState };

/** Effective connection types (ECT, NetworkInformation.effectiveType) slow enough to save data on. */
const SLOW_CONNECTIONS: ReadonlySet<string> = new Set(['slow-2g', '2g', '3g']);

export interface BrowserHints {
  saveData: boolean;
  effectiveType: string | null;
}

export function dataSaverOn(choice: DataSaverChoice, hints: BrowserHints): boolean {
  if (choice !== 'auto') return choice === 'on';
  return hints.saveData || SLOW_CONNECTIONS.has((hints.effectiveType ?? '').trim().toLowerCase());
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** What this browser says about its connection (nothing where it says nothing: Safari, Firefox). */
function browserHints(): BrowserHints {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return { saveData: connection?.saveData === true, effectiveType: connection?.effectiveType ?? null };
}

/**
 * The page's data saver: the server's decision (from the member's choice and the request's hints),
 * which the browser's own connection report can still turn on for a member on `auto`.
 */
export function useDataSaver(): DataSaverState {
  const fromServer = useAppLayout()?.dataSaver ?? { choice: 'auto', on: false };
  const [fromBrowser, setFromBrowser] = useState(false);
  useEffect(() => {
    if (fromServer.choice === 'auto' && !fromServer.on) setFromBrowser(dataSaverOn('auto', browserHints()));
  }, [fromServer.choice, fromServer.on]);
  return fromBrowser && fromServer.choice === 'auto' ? { choice: 'auto', on: true } : fromServer;
}
