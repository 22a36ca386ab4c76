/**
 * Changing your own e-mail (decision 034): the confirm link to the new address, the cancel link to
 * the old one, a link that works once and expires, and two members racing for one address.
 */
import { authTexts } from '@kora/contracts';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asTokenHolder,
  expectErrorShape,
  mailTo,
  newMember,
  outboxEvents,
  post,
  seedMember,
  signIn,
  startAuth,
  type AuthTestService,
} from '../test-support.js';

const HOUR = 60 * 60 * 1000;

describe(`e-mail change (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  let offset = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    svc = await startAuth({ env: { SMTP_URL: sink.url }, now: () => new Date(Date.now() + offset) });
  });
  afterAll(async () => {
    await svc?.close();
    await sink?.close();
  });

  const ask = (headers: Record<string, string>, body: unknown) =>
    svc.app.inject({ method: 'POST', url: '/api/settings/security/email', headers, payload: body as object });
  const confirm = (token: string) => post(svc, '/api/settings/security/email-change/confirm', { token });
  const cancel = (token: string) => post(svc, '/api/settings/security/email-change/cancel', { token });
  const linkIn = (m: SinkMessage) => {
    const match = /\/email-change\/([A-Za-z0-9_-]{43})/.exec(m.text ?? '');
    if (!match) throw new Error(`no link in ${m.text}`);
    return match[1]!;
  };
  async function member() {
    const m = await seedMember(svc);
    const headers = asTokenHolder(svc, (await signIn(svc, m.email, m.password)).token);
    return { ...m, headers };
  }
  async function askAndRead(m: Awaited<ReturnType<typeof member>>, email: string) {
    const res = await ask(m.headers, { email, password: m.password });
    expect(res.statusCode, res.body).toBe(202);
    const toNew = await sink.waitFor((x) => mailTo(email)(x) && /Confirm your new/.test(x.subject ?? '') && !seen.has(x));
    const toOld = await sink.waitFor((x) => mailTo(m.email)(x) && /about to change/.test(x.subject ?? '') && !seen.has(x));
    seen.add(toNew).add(toOld);
    return { confirmToken: linkIn(toNew), cancelToken: linkIn(toOld), toOld };
  }
  const seen = new Set<SinkMessage>();

  it('refuses anonymous callers, a wrong password, your own address, a taken one and bad input', async () => {
    const m = await member();
    const other = await seedMember(svc);
    expect((await ask({}, { email: newMember().email, password: m.password })).statusCode).toBe(401);
    const wrong = await ask(m.headers, { email: newMember().email, password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const same = await ask(m.headers, { email: m.email.toUpperCase(), password: m.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('EMAIL_UNCHANGED');
    const taken = await ask(m.headers, { email: other.email, password: m.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: authTexts.emailInUse, message: authTexts.emailInUse, code: 'EMAIL_IN_USE' });
    for (const body of [{}, { email: 'not an address', password: m.password }, { email: newMember().email }]) {
      const res = await ask(m.headers, body);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
    for (const token of ['', 'x'.repeat(43), 'x'.repeat(500)]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
  });

  it('changes the address only when the link from the new address is opened, once', async () => {
    const m = await member();
    const fresh = newMember().email;
    const { confirmToken, toOld } = await askAndRead(m, fresh);
    expect(toOld.text).toContain(fresh);
    // Nothing changed yet.
    await signIn(svc, m.email, m.password);
    const res = await confirm(confirmToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: authTexts.emailChanged, email: fresh });
    await signIn(svc, fresh, m.password);
    expect((await post(svc, '/api/signin', { email: m.email, password: m.password })).statusCode).toBe(401);
    const events = (await outboxEvents(svc, 'user.email-changed')).filter((e) => e.aggregateId === String(m.userId));
    expect(events.map((e) => e.payload)).toEqual([{ userId: m.userId, email: fresh }]);
    const again = await confirm(confirmToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_CHANGE_USED');
  });

  it("the old address's link cancels the change; a newer ask replaces an older one", async () => {
    const m = await member();
    const first = await askAndRead(m, newMember().email);
    const second = await askAndRead(m, newMember().email);
    expect((await confirm(first.confirmToken)).json().code).toBe('EMAIL_CHANGE_INVALID');
    const cancelled = await cancel(second.cancelToken);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: authTexts.emailChangeCancelled });
    expect((await cancel(second.cancelToken)).statusCode).toBe(200);
    const late = await confirm(second.confirmToken);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('EMAIL_CHANGE_INVALID');
    await signIn(svc, m.email, m.password);
    // The cancel token is not a confirm token, nor the other way round.
    expect((await confirm(second.cancelToken)).statusCode).toBe(400);
  });

  it('a link expires after 24 hours', async () => {
    const m = await member();
    const { confirmToken } = await askAndRead(m, newMember().email);
    offset += 24 * HOUR + 1000;
    try {
      const res = await confirm(confirmToken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: authTexts.emailChangeExpired,
        message: authTexts.emailChangeExpired,
        code: 'EMAIL_CHANGE_EXPIRED',
      });
    } finally {
      offset -= 24 * HOUR + 1000;
    }
  });

  it('two members racing for one address: only one wins, the other is told it is in use', async () => {
    const a = await member();
    const b = await member();
    const wanted = newMember().email;
    const linkA = await askAndRead(a, wanted);
    const linkB = await askAndRead(b, wanted);
    const answers = await Promise.all([confirm(linkA.confirmToken), confirm(linkB.confirmToken)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(authTexts.emailInUse);
    const winner = answers[0].statusCode === 200 ? a : b;
    await signIn(svc, wanted, winner.password);
  });
});
