/**
 * Dev outbox adapter: "sending" stores the message through a callback the owning service provides
 * (its own table), so a local install without a mail server can still read activation links and
 * codes. Never used when an SMTP server is configured.
 */
import type { MailMessage, MailSender } from './mail.js';

export function createDevOutboxSender(store: (message: MailMessage) => Promise<void>, from: string): MailSender {
  return {
    kind: 'dev-outbox',
    send: ({ headers: _headers, ...message }) => store({ ...message, from: message.from ?? from }),
    async close() {},
  };
}
