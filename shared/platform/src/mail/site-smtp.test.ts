import { defaultSiteSettings, type SiteSettings } from '@kora/contracts';
import { recipientsOf, startSmtpSink, type SmtpSink } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from './mail.js';
import { createSiteMailSender, siteSmtpServer, watchSiteSmtp } from './site-smtp.js';

function settingsWith(email: Partial<SiteSettings['email']>): SiteSettings {
  return { ...structuredClone(defaultSiteSettings), email: { ...defaultSiteSettings.email, ...email } };
}

/** The deployment's own sender (SMTP_URL or the dev outbox): records what it was given. */
function recordingFallback(): MailSender & { sent: MailMessage[]; closed: boolean } {
  const fallback = {
    kind: 'dev-outbox' as const,
    sent: [] as MailMessage[],
    closed: false,
    async send(message: MailMessage) {
      fallback.sent.push(message);
    },
    async close() {
      fallback.closed = true;
    },
  };
  return fallback;
}

describe("mail through the admin's Email settings", () => {
  let one: SmtpSink;
  let two: SmtpSink;
  const portOf = (sink: SmtpSink) => Number(new URL(sink.url).port);

  beforeAll(async () => {
    [one, two] = await Promise.all([startSmtpSink(), startSmtpSink()]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('reads host, port and credentials; no host means none; 465 is implicit TLS', () => {
    expect(siteSmtpServer(settingsWith({}))).toBeNull();
    expect(siteSmtpServer(settingsWith({ smtpHost: 'smtp.kora.ng', smtpPort: 587 }))).toEqual({
      host: 'smtp.kora.ng',
      port: 587,
      secure: false,
    });
    expect(siteSmtpServer(settingsWith({ smtpHost: 'smtp.kora.ng', smtpPort: 465, smtpUser: 'hello', smtpPassword: 's3cret' }))).toEqual({
      host: 'smtp.kora.ng',
      port: 465,
      secure: true,
      auth: { user: 'hello', pass: 's3cret' },
    });
  });

  it("uses the deployment's sender until a host is set, then that server, and follows each change", async () => {
    let settings = settingsWith({});
    const fallback = recordingFallback();
    const sender = createSiteMailSender({
      settings: { current: () => settings },
      fallback,
      from: () => '"Kora NG" <hello@kora.ng>',
      timeoutMs: 3_000,
    });
    try {
      expect(sender.kind).toBe('dev-outbox');
      await sender.send({ to: 'ada@example.ng', subject: 'Before', text: 'x' });
      expect(fallback.sent).toEqual([{ to: 'ada@example.ng', subject: 'Before', text: 'x', from: '"Kora NG" <hello@kora.ng>' }]);

      settings = settingsWith({ smtpHost: '127.0.0.1', smtpPort: portOf(one) });
      expect(sender.kind).toBe('smtp');
      await sender.send({ to: 'obi@example.ng', subject: 'Via the first', text: 'x' });
      const got = await one.waitFor((m) => recipientsOf(m).includes('obi@example.ng'));
      expect(got).toMatchObject({ subject: 'Via the first', from: { address: 'hello@kora.ng', name: 'Kora NG' } });

      // Another port: a new transport to the new server.
      settings = settingsWith({ smtpHost: '127.0.0.1', smtpPort: portOf(two) });
      await sender.send({ to: 'eze@example.ng', subject: 'Via the second', text: 'x', from: 'Other <other@kora.ng>' });
      expect(await two.waitFor((m) => recipientsOf(m).includes('eze@example.ng'))).toMatchObject({ from: { address: 'other@kora.ng' } });
      expect(one.messages.some((m) => recipientsOf(m).includes('eze@example.ng'))).toBe(false);

      // Cleared: back to the deployment's sender.
      settings = settingsWith({});
      await sender.send({ to: 'ngozi@example.ng', subject: 'After', text: 'x' });
      expect(fallback.sent.map((m) => m.to)).toEqual(['ada@example.ng', 'ngozi@example.ng']);
    } finally {
      await sender.close();
    }
    expect(fallback.closed).toBe(true);
  });

  it('fails the send (so the job retries) when the admin’s server cannot be reached', async () => {
    const site = watchSiteSmtp(
      { current: () => settingsWith({ smtpHost: '127.0.0.1', smtpPort: 9 }) },
      () => 'Kora <no-reply@kora.local>',
      2_000,
    );
    try {
      await expect(site.sender()!.send({ to: 'a@example.ng', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await site.close();
    }
  });
});
