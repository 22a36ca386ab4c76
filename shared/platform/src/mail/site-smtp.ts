/**
 * Outgoing mail follows the admin's Email settings (docs/product/admin.md, Site settings): when
 * `email.smtpHost` is set, every service's mail goes through that server, with its port, user and
 * password; when it is empty, the deployment's own rule applies (SMTP_URL, else the dev outbox,
 * else dropped: `chooseMailSender`). The settings arrive as events (`ctx.siteSettings`), so the
 * choice is made per message and the SMTP transport is rebuilt whenever the section's server
 * details change (the old one is closed). The sender address (`mailFromAddress`) is the callers'.
 */
import type { SiteSettings } from '@kora/contracts';
import type { MailMessage, MailSender } from './mail.js';
import { createSmtpSender } from './smtp.js';

/** The site settings as a service sees them (the platform's `SiteSettingsView` fits). */
export interface SiteSettingsSource {
  current(): SiteSettings;
}

/** The admin's SMTP server, when one is set: what nodemailer needs to reach it. */
export interface SiteSmtpServer {
  host: string;
  port: number;
  /** Implicit TLS on 465 (smtps); other ports speak plain SMTP and upgrade with STARTTLS when offered. */
  secure: boolean;
  auth?: { user: string; pass: string };
}

export function siteSmtpServer(settings: SiteSettings): SiteSmtpServer | null {
  const { smtpHost, smtpPort, smtpUser, smtpPassword } = settings.email;
  if (!smtpHost) return null;
  return {
    host: smtpHost,
    port: smtpPort,
    secure: smtpPort === 465,
    ...(smtpUser ? { auth: { user: smtpUser, pass: smtpPassword } } : {}),
  };
}

export interface SiteSmtp {
  /** The admin's SMTP server as a sender, or null while no smtpHost is set. */
  sender(): MailSender | null;
  close(): Promise<void>;
}

/**
 * The admin's SMTP server as a sender, built on first use and rebuilt (the old transport closed)
 * when the section's host, port or credentials change. For callers whose fallback is chosen per
 * message (the digest stores dev mail in its own transaction); others use createSiteMailSender.
 */
export function watchSiteSmtp(settings: SiteSettingsSource, from: () => string, timeoutMs?: number): SiteSmtp {
  let built: { key: string; sender: MailSender } | null = null;
  return {
    sender() {
      const server = siteSmtpServer(settings.current());
      const key = server ? JSON.stringify(server) : null;
      if (built && built.key !== key) {
        void built.sender.close();
        built = null;
      }
      if (!server || !key) return null;
      built ??= { key, sender: createSmtpSender({ transport: server, from: from(), ...(timeoutMs ? { timeoutMs } : {}) }) };
      return built.sender;
    },
    async close() {
      await built?.sender.close();
      built = null;
    },
  };
}

export interface SiteMailSenderOptions {
  settings: SiteSettingsSource;
  /** The deployment's own choice (SMTP_URL, dev outbox, disabled), used while no smtpHost is set. */
  fallback: MailSender;
  /** The sender address when a message names none (normally mailFromAddress of the settings). */
  from: () => string;
  timeoutMs?: number;
}

export interface SiteMailSender extends MailSender {
  /** The sender the next message would go through (for logs and tests). */
  current(): MailSender;
}

/**
 * A MailSender that reads the admin's Email settings at each send: their server when smtpHost is
 * set, else the fallback. Its `kind` is the current choice's. Closing it closes both.
 */
export function createSiteMailSender(options: SiteMailSenderOptions): SiteMailSender {
  const site = watchSiteSmtp(options.settings, options.from, options.timeoutMs);
  const current = () => site.sender() ?? options.fallback;
  return {
    get kind() {
      return current().kind;
    },
    current,
    async send(message: MailMessage) {
      await current().send({ ...message, from: message.from ?? options.from() });
    },
    async close() {
      await site.close();
      await options.fallback.close();
    },
  };
}
