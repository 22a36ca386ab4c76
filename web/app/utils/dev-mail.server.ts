/**
 * The development mailbox: in local runs without SMTP every service that sends mail keeps what it
 * "sent" in its own dev outbox, so a newcomer can open their activation link or read a digest.
 * Auth lists its mails at `GET /api/dev/mail`, notifications (the daily digest) at
 * `GET /api/notifications/dev/mail`, admin (the representative applications' mails) at
 * `GET /api/representatives/dev/mail`; this reads them all and merges them newest first. Each
 * answers 404 when off (SMTP configured, or production config).
 */
import { z } from 'zod';
import { apiFetch, isApiError } from './api.server';

export const devMailSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()).optional().default([]),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/** `incomplete`: a source could not be read, so some mails may be missing from the list. */
export type DevMailbox = { state: 'on'; mails: DevMail[]; incomplete: boolean } | { state: 'off' } | { state: 'error' };

/** Each service's listing, by the name that keeps its mail ids apart (each service counts from 1). */
const SOURCES = { auth: '/api/dev/mail', notifications: '/api/notifications/dev/mail', admin: '/api/representatives/dev/mail' } as const;

type SourceAnswer = { state: 'on'; mails: DevMail[] } | { state: 'off' } | { state: 'error' };

async function loadSource(request: Request, source: keyof typeof SOURCES): Promise<SourceAnswer> {
  try {
    const mails = await apiFetch(request, SOURCES[source], { schema: z.array(devMailSchema), token: null, timeoutMs: 5_000 });
    return { state: 'on', mails: mails.map((mail) => ({ ...mail, id: `${source}-${mail.id}` })) };
  } catch (error) {
    return isApiError(error) && error.status === 404 ? { state: 'off' } : { state: 'error' };
  }
}

/** On when any source is (the others' failures only make it incomplete); off when all are off. */
export async function loadDevMailbox(request: Request): Promise<DevMailbox> {
  const answers = await Promise.all((Object.keys(SOURCES) as (keyof typeof SOURCES)[]).map((source) => loadSource(request, source)));
  const on = answers.flatMap((answer) => (answer.state === 'on' ? [answer.mails] : []));
  const failed = answers.some((answer) => answer.state === 'error');
  if (on.length === 0) return failed ? { state: 'error' } : { state: 'off' };
  const newestFirst = on.flat().sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return { state: 'on', mails: newestFirst, incomplete: failed };
}

const CHECK_TTL_MS = 30_000;
let lastCheck: { at: number; on: Promise<boolean> } | null = null;

/**
 * Whether to show the "Development mailbox" link under /login and /register. The answer only
 * changes with the deployment's config, so it is looked up at most every 30 s.
 */
export function devMailEnabled(request: Request, now = Date.now()): Promise<boolean> {
  if (!lastCheck || now - lastCheck.at > CHECK_TTL_MS) {
    lastCheck = { at: now, on: loadDevMailbox(request).then((box) => box.state === 'on') };
  }
  return lastCheck.on;
}

/** For tests. */
export function forgetDevMailCheck(): void {
  lastCheck = null;
}
