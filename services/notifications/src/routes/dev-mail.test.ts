import { storeDevMail } from '@kora/platform/service';
import { startSmtpSink } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { digestSender, sendDueDigests } from '../digest/daily-digest.js';
import { like, memberIds, registerMember, setNotificationSettings, startNotifications } from '../test-support.js';

type Listed = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string };

describe(`notifications dev mail outbox (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('lists the digests it kept, newest first, with their links, when MAIL_DEV_OUTBOX=true and no SMTP_URL', async () => {
    const svc = await startNotifications({
      env: { ...process.env, SMTP_URL: '', MAIL_DEV_OUTBOX: 'true', PUBLIC_URL: 'http://kora.test' },
      now: () => new Date('2026-11-26T08:30:00Z'),
    });
    try {
      const nextId = memberIds();
      const [me, actor] = [nextId(), nextId()];
      await registerMember(svc, me);
      await setNotificationSettings(svc, me, { emailDigest: true });
      await like(svc, me, actor);
      // On Kafka other files' members reach this service too (same topics): only mine are asserted.
      expect(await sendDueDigests(svc.handle, digestSender(svc.handle))).toBeGreaterThanOrEqual(1);
      const other = `${nextId()}@example.ng`;
      await storeDevMail(svc.ctx.db, svc.tables.devMail, {
        to: other,
        subject: 'Later',
        text: 'See https://kora.test/a and https://kora.test/a',
      });

      const all: Listed[] = (await svc.app.inject({ method: 'GET', url: '/api/notifications/dev/mail' })).json();
      expect(all[0]).toMatchObject({ to: other, subject: 'Later', links: ['https://kora.test/a'], createdAt: expect.any(String) });
      expect(all.map((m) => m.to)).toContain(`${me}@example.ng`);

      const res = await svc.app.inject({ method: 'GET', url: `/api/notifications/dev/mail?to=${encodeURIComponent(`${me}@EXAMPLE.NG`)}` });
      expect(res.statusCode).toBe(200);
      const mine: Listed[] = res.json();
      expect(mine).toMatchObject([{ to: `${me}@example.ng`, subject: 'Your Kora daily digest: 1 unread notification' }]);
      expect(mine[0]!.links.length).toBeGreaterThan(0);
      for (const link of mine[0]!.links) expect(mine[0]!.text).toContain(link);
    } finally {
      await svc.close();
    }
  });

  it('does not exist when SMTP_URL is set, or when the outbox is off', async () => {
    const sink = await startSmtpSink();
    try {
      for (const mail of [
        { MAIL_DEV_OUTBOX: 'true', SMTP_URL: sink.url },
        { MAIL_DEV_OUTBOX: 'false', SMTP_URL: '' },
      ]) {
        const svc = await startNotifications({ env: { ...process.env, ...mail } });
        try {
          const res = await svc.app.inject({ method: 'GET', url: '/api/notifications/dev/mail' });
          expect(res.statusCode, JSON.stringify(mail)).toBe(404);
          expect(res.json()).toEqual({
            error: 'The dev mail outbox is off',
            message: 'The dev mail outbox is off',
            code: 'DEV_OUTBOX_OFF',
          });
        } finally {
          await svc.close();
        }
      }
    } finally {
      await sink.close();
    }
  });

  it('is left out of the API docs (auth documents the one listing)', async () => {
    const svc = await startNotifications({ env: { ...process.env, SMTP_URL: '', MAIL_DEV_OUTBOX: 'true' } });
    try {
      const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths)).not.toContain('/api/notifications/dev/mail');
    } finally {
      await svc.close();
    }
  });
});
