/**
 * SMTP adapter: nodemailer on a connection URL (smtp://user:pass@host:587, smtps://host:465), or on
 * a server's details (the admin's Email settings: site-smtp.ts).
 */
import nodemailer from 'nodemailer';
import type { MailMessage, MailSender } from './mail.js';

export interface SmtpServerOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export type SmtpSenderOptions = ({ url: string; transport?: never } | { transport: SmtpServerOptions; url?: never }) & {
  /** Default `From` header. */
  from: string;
  /** Gives up on an unreachable or silent server after this long (the job is retried). */
  timeoutMs?: number;
};

export function createSmtpSender(options: SmtpSenderOptions): MailSender {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(
    {
      ...(options.url ? { url: options.url } : options.transport),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    },
    { from: options.from },
  );
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from: message.from ?? options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
