/**
 * The mail port. A service hands a `MailMessage` to a `MailSender` and does not know where it goes:
 * an SMTP server (nodemailer, from SMTP_URL — production, and any run where SMTP_URL is set), or a
 * dev outbox the owning service stores and shows (a newcomer's local install, no mail server), or
 * nowhere (not configured: logged and dropped). Senders throw on failure so a job queue can retry.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body: always present, and what tests and text-only clients read. */
  text: string;
  html?: string;
  /** `Name <address>`; the sender's default when omitted. */
  from?: string;
  /** Extra headers (List-Unsubscribe, say); SMTP sends them, the dev outbox keeps the body only. */
  headers?: Record<string, string>;
}

export interface MailSender {
  readonly kind: 'smtp' | 'dev-outbox' | 'disabled';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
