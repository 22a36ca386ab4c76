/**
 * The development outbox (`GET /api/dev/mail`): in local runs without SMTP the auth service keeps
 * sent mails in memory so a newcomer can open their activation link. It answers 404 when off
 * (SMTP configured, or production config).
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

export type DevMailbox = { state: 'on'; mails: DevMail[] } | { state: 'off' } | { state: 'error' };

export async function loadDevMailbox(request: Request): Promise<DevMailbox> {
  try {
    const mails = await apiFetch(request, '/api/dev/mail', {
      schema: z.array(devMailSchema),
      token: null,
      timeoutMs: 5_000,
    });
    const newestFirst = [...mails].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    return { state: 'on', mails: newestFirst };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { state: 'off' };
    return { state: 'error' };
  }
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
