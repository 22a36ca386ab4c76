/**
 * The page's data saver (decision 044), decided on the server so the first HTML already asks for
 * the small photos. The member's choice lives in the settings service; this browser keeps a copy in
 * the `kora_data_saver` cookie (`<userId>.<choice>`), written when the member saves or opens the
 * General tab, so a page costs no call; a missing copy is read with the theme's and the language's
 * (page-preferences.server.ts), and a failed read counts as `auto`.
 */
import { DATA_SAVER_CHOICES, type DataSaverChoice } from '@kora/contracts';
import { readCookie, serializeCookie } from './cookies.server';
import { dataSaverOn, type DataSaverState } from './data-saver';

export const DATA_SAVER_COOKIE = 'kora_data_saver';
const DATA_SAVER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The client hints asked of the browser (Save-Data comes unasked). */
export const DATA_SAVER_CLIENT_HINTS = 'ECT';

function isChoice(value: string | undefined): value is DataSaverChoice {
  return (DATA_SAVER_CHOICES as readonly string[]).includes(value ?? '');
}

/** The choice in this browser's copy, if the copy is the given member's. */
export function dataSaverFromCookie(request: Request, userId: number): DataSaverChoice | null {
  const [owner, choice] = (readCookie(request, DATA_SAVER_COOKIE) ?? '').split('.');
  return owner === String(userId) && isChoice(choice) ? choice : null;
}

export function dataSaverCookie(request: Request, userId: number, choice: DataSaverChoice): string {
  return serializeCookie(request, DATA_SAVER_COOKIE, `${userId}.${choice}`, DATA_SAVER_COOKIE_MAX_AGE_SECONDS);
}

/** What the request's headers say: `Save-Data: on`, and the `ECT` hint once the browser sends it. */
export function requestHints(request: Request): { saveData: boolean; effectiveType: string | null } {
  return {
    saveData: (request.headers.get('save-data') ?? '').trim().toLowerCase() === 'on',
    effectiveType: request.headers.get('ect'),
  };
}

/** The page's data saver for the member's `choice`, with the request's hints for Automatic. */
export function pageDataSaver(request: Request, choice: DataSaverChoice): DataSaverState {
  return { choice, on: dataSaverOn(choice, requestHints(request)) };
}
