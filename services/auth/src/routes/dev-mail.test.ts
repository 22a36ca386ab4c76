import { authTexts } from '@kora/contracts';
import { readUntil, startSmtpSink } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { newMember, post, startAuth } from '../test-support.js';

describe(`dev mail outbox (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('keeps mails and lists them with their links when MAIL_DEV_OUTBOX=true and no SMTP_URL', async () => {
    const svc = await startAuth({ env: { MAIL_DEV_OUTBOX: 'true' } });
    try {
      const member = newMember();
      expect((await post(svc, '/api/signUp', member)).statusCode).toBe(201);
      const other = newMember();
      expect((await post(svc, '/api/signUp', other)).statusCode).toBe(201);
      type Mail = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string };
      // The mail jobs run on the queue (BullMQ on the real servers): up to 20 s on a busy machine.
      const mails = await readUntil(
        async () => (await svc.app.inject({ method: 'GET', url: '/api/dev/mail' })).json<Mail[]>(),
        (read) => read.length >= 2,
        20_000,
        50,
      );
      expect(mails).toHaveLength(2);
      // Mail jobs run concurrently (BullMQ on the real servers), so either may be stored first;
      // the list is newest first whichever it was.
      expect(mails.map((m) => m.to).sort()).toEqual([member.email, other.email].sort());
      expect(mails[0]!.id).toBeGreaterThan(mails[1]!.id);
      const [mine] = (
        await svc.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(member.email.toUpperCase())}` })
      ).json();
      expect(mine).toMatchObject({ to: member.email, subject: 'Activate your Kora account', createdAt: expect.any(String) });
      expect(mine.links).toHaveLength(1);
      expect(mine.links[0]).toMatch(/^http:\/\/kora\.test\/activate\/[A-Za-z0-9_-]{43}$/);
      expect(mine.text).toContain(mine.links[0]);
      // The link works.
      const token = mine.links[0].split('/').at(-1);
      expect((await post(svc, '/api/activate', { token })).json()).toEqual({ message: authTexts.activated });
      // The gateway already routes /api/auth/* here: the same list.
      expect((await svc.app.inject({ method: 'GET', url: '/api/auth/dev/mail' })).json()).toHaveLength(2);
    } finally {
      await svc.close();
    }
  });

  it('does not exist when SMTP_URL is set, or when the outbox is off', async () => {
    const sink = await startSmtpSink();
    for (const env of [{ MAIL_DEV_OUTBOX: 'true', SMTP_URL: sink.url }, {}]) {
      const svc = await startAuth({ env });
      try {
        const res = await svc.app.inject({ method: 'GET', url: '/api/dev/mail' });
        expect(res.statusCode, JSON.stringify(env)).toBe(404);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      } finally {
        await svc.close();
      }
    }
    await sink.close();
  });

  it('drops mail with a warning when no transport is configured, and signs up all the same', async () => {
    const svc = await startAuth({ env: {} });
    try {
      const res = await post(svc, '/api/signUp', newMember());
      expect(res.statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 300));
      expect(await svc.ctx.db.select().from(svc.tables.devMail)).toEqual([]);
    } finally {
      await svc.close();
    }
  });
});
