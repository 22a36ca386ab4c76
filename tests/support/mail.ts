/**
 * Reading the mails the product sends, for API and browser tests.
 *
 * - With KORA_MAIL_SINK_URL (the lead's harness runs an SMTP sink): polls
 *   `GET {KORA_MAIL_SINK_URL}/messages?to=<address>` → `[{ to, subject, text, receivedAt }]`, newest first.
 * - Otherwise: polls the product's development outboxes, `GET {KORA_BASE_URL}/api/dev/mail` (auth)
 *   and `/api/representatives/dev/mail` (admin: representative applications) →
 *   `[{ id, to, subject, text, links, createdAt }]`.
 */
// KORA_BASE_URL, not BASE_URL: vitest overwrites BASE_URL in its workers with Vite's base ('/').
const BASE_URL = process.env.KORA_BASE_URL ?? 'http://127.0.0.1:8080';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

async function fetchMails(to: string): Promise<ReceivedMail[]> {
  const sink = process.env.KORA_MAIL_SINK_URL?.replace(/\/+$/, '');
  if (sink) {
    const response = await fetch(`${sink}/messages?${new URLSearchParams({ to })}`);
    if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
    return (await response.json()) as ReceivedMail[];
  }
  const response = await fetch(`${BASE_URL}/api/dev/mail`);
  if (response.status === 404) {
    throw new Error('No mail source: set KORA_MAIL_SINK_URL or run the product with its development outbox on');
  }
  if (!response.ok) throw new Error(`dev outbox answered ${response.status}`);
  const mails = (await response.json()) as Array<{ to: string; subject: string; text: string; createdAt: string }>;
  // The admin service keeps its own outbox; an older product without it answers 404: none from it.
  const admin = await fetch(`${BASE_URL}/api/representatives/dev/mail?${new URLSearchParams({ to })}`);
  if (admin.ok) mails.push(...((await admin.json()) as typeof mails));
  return mails
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
    .map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, receivedAt: mail.createdAt }))
    .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
}

/**
 * The newest mail to `to` whose subject matches, waiting up to `timeoutMs` for it. `after` skips
 * mails received before that moment (e.g. an earlier code when waiting for a resent one).
 */
export async function waitForMail(
  to: string,
  subjectMatch: RegExp,
  timeoutMs = 15_000,
  { after }: { after?: Date } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const mail = (await fetchMails(to)).find(
        (m) => subjectMatch.test(m.subject) && (!after || Date.parse(m.receivedAt) >= after.getTime() - 1_000),
      );
      if (mail) return mail;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `No mail to ${to} matching ${subjectMatch} within ${timeoutMs} ms${lastError instanceof Error ? ` (${lastError.message})` : ''}`,
  );
}

/** The activation link's path (`/activate/<token>`), whatever host the mail's link names. */
export function activationPath(text: string): string {
  const match = /https?:\/\/[^\s"'<>]+\/activate\/[^\s"'<>]+/.exec(text);
  if (!match) throw new Error(`No activation link in mail:\n${text}`);
  const url = new URL(match[0].replace(/[.,;:!?)\]]+$/, ''));
  return `${url.pathname}${url.search}`;
}

/** The 4-digit recovery code in a mail. */
export function recoveryCode(text: string): string {
  const match = /(?<!\d)(\d{4})(?!\d)/.exec(text);
  if (!match) throw new Error(`No 4-digit code in mail:\n${text}`);
  return match[1]!;
}
