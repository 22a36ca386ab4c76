import { startSmtpSink } from '@kora/testing';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { chooseMailSender, createSmtpSender, type MailMessage } from './index.js';

const silent = pino({ level: 'silent' });
const message: MailMessage = {
  to: 'ada@example.ng',
  subject: 'Hello',
  text: 'Your code is: 1234',
  html: '<p>Your code is: <b>1234</b></p>',
};

describe('mail port', () => {
  it('sends through SMTP with the default sender, text and html', async () => {
    const sink = await startSmtpSink();
    const sender = createSmtpSender({ url: sink.url, from: 'Kora <no-reply@kora.local>' });
    try {
      await sender.send(message);
      await sender.send({
        ...message,
        to: 'obi@example.ng',
        from: '"Kora NG" <hello@kora.ng>',
        headers: { 'List-Unsubscribe': '<https://kora.ng/u?t=1>' },
      });
      const first = await sink.waitFor((m) => m.to?.some((a) => 'address' in a && a.address === 'ada@example.ng') ?? false);
      expect(first).toMatchObject({ subject: 'Hello', from: { address: 'no-reply@kora.local', name: 'Kora' } });
      expect(first.text).toContain('Your code is: 1234');
      expect(first.html).toContain('<b>1234</b>');
      const second = await sink.waitFor((m) => m.to?.some((a) => 'address' in a && a.address === 'obi@example.ng') ?? false);
      expect(second.from).toMatchObject({ address: 'hello@kora.ng', name: 'Kora NG' });
      expect(second.headers.find((h) => h.key === 'list-unsubscribe')?.value).toBe('<https://kora.ng/u?t=1>');
    } finally {
      await sender.close();
      await sink.close();
    }
  });

  it('fails (so the job retries) when the SMTP server is unreachable', async () => {
    const sender = createSmtpSender({ url: 'smtp://127.0.0.1:9', from: 'Kora <no-reply@kora.local>', timeoutMs: 2_000 });
    await expect(sender.send(message)).rejects.toThrow();
  });

  it('lets SMTP_URL win, then the dev outbox, else drops mail', async () => {
    const stored: MailMessage[] = [];
    const store = async (m: MailMessage) => void stored.push(m);
    const base = { from: 'Kora <no-reply@kora.local>', store, log: silent };
    expect(chooseMailSender({ ...base, smtpUrl: 'smtp://127.0.0.1:2525', devOutbox: true }).kind).toBe('smtp');
    const outbox = chooseMailSender({ ...base, devOutbox: true });
    expect(outbox.kind).toBe('dev-outbox');
    await outbox.send(message);
    expect(stored).toEqual([{ ...message, from: 'Kora <no-reply@kora.local>' }]);
    const none = chooseMailSender({ ...base, devOutbox: false });
    expect(none.kind).toBe('disabled');
    await none.send(message);
    expect(stored).toHaveLength(1);
  });
});
