/**
 * Reading the mail the product sent: from the harness's SMTP sink (KORA_MAIL_SINK_URL) when the
 * product sends over SMTP, else from the product's dev outbox (`GET /api/dev/mail`).
 */
import { BASE_URL } from './product.js';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

async function fetchMails(to: string): Promise<SentMail[]> {
  const sink = process.env.KORA_MAIL_SINK_URL;
  const url = sink ? `${sink}/messages?to=${encodeURIComponent(to)}` : new URL('/api/dev/mail', BASE_URL).toString();
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) return [];
  const list = (await res.json()) as SentMail[];
  return sink ? list : list.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await fetchMails(to)).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function activationToken(mail: SentMail): string {
  const match = /\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no activation link in: ${mail.text}`);
  return match[1]!;
}

export function recoveryCode(mail: SentMail): string {
  const match = /\b(\d{4})\b/.exec(mail.text);
  if (!match) throw new Error(`no 4-digit code in: ${mail.text}`);
  return match[1]!;
}
