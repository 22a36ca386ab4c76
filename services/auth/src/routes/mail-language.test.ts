/**
 * Auth's mails in the member's language (decision 045): the language they chose in Settings
 * (settings.profile-changed), else the one the request that sends the mail asked for (sign-up),
 * else English. Subject lines included.
 */
import type { SinkMessage, SmtpSink } from '@kora/testing';
import { inLocale } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTime } from '../mail/mail-language.js';
import {
  activeMember,
  asTokenHolder,
  mailTo,
  newMember,
  post,
  setGeneral,
  signIn,
  someIp,
  startAuthWithMail,
  type AuthTestService,
} from '../test-support.js';

describe(`auth's mails in the member's language (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ svc, sink, close } = await startAuthWithMail()));
  afterAll(async () => close?.());

  const isCodeMail = (email: string) => (m: SinkMessage) => mailTo(email)(m) && /reset code/.test(m.subject ?? '');

  it('writes the activation mail in the language the sign-up asked for, English when it asked for none', async () => {
    const pidgin = newMember();
    expect((await post(svc, '/api/signUp', pidgin, { 'accept-language': 'pcm-NG, en;q=0.5' })).statusCode).toBe(201);
    const english = newMember();
    expect((await post(svc, '/api/signUp', english)).statusCode).toBe(201);

    const inPidgin = await sink.waitFor(mailTo(pidgin.email));
    expect(inPidgin.subject).toBe('Activate your Kora account');
    expect(inPidgin.text).toContain(`How far ${pidgin.firstname},`);
    expect(inPidgin.text).toContain('Welcome to Kora! Open dis link make you activate your account:');
    expect(inPidgin.html).toContain('Di link go work for 24 hours.');

    const inEnglish = await sink.waitFor(mailTo(english.email));
    expect(inEnglish.text).toContain(`Hello ${english.firstname},`);
    expect(inEnglish.text).toContain('The link is valid for 24 hours.');
  });

  it("writes a Pidgin member's reset code in Pidgin whatever the request asked for, an English member's in English", async () => {
    const pidgin = await activeMember(svc, sink);
    await setGeneral(svc, pidgin.userId, { language: 'pcm' });
    const english = await activeMember(svc, sink);
    await setGeneral(svc, english.userId, { language: 'en' });

    expect((await post(svc, '/api/sendForgotOtp', { email: pidgin.email }, { 'x-forwarded-for': someIp() })).statusCode).toBe(200);
    expect(
      (await post(svc, '/api/sendForgotOtp', { email: english.email }, { 'x-forwarded-for': someIp(), 'accept-language': 'pcm' }))
        .statusCode,
    ).toBe(200);

    const inPidgin = await sink.waitFor(isCodeMail(pidgin.email));
    expect(inPidgin.subject).toBe('Your Kora password reset code');
    expect(inPidgin.text).toMatch(/^How far Ada,\n\nYour password reset code na: \d{4}\n\nE go work for 10 minutes/);
    expect(inPidgin.html).toMatch(/Your password reset code na: <strong[^>]*>\d{4}<\/strong>/);

    const inEnglish = await sink.waitFor(isCodeMail(english.email));
    expect(inEnglish.text).toMatch(/^Hello Ada,\n\nYour password reset code is: \d{4}\n\nIt is valid for 10 minutes/);
  });

  it("writes a Pidgin member's subject lines in Pidgin (the e-mail change's two mails)", async () => {
    const member = await activeMember(svc, sink);
    await setGeneral(svc, member.userId, { language: 'pcm' });
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    const newEmail = `moved.${member.username}@example.ng`;
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/settings/security/email',
      headers,
      payload: { email: newEmail, password: member.password },
    });
    expect(res.statusCode, res.body).toBe(202);
    const notice = await sink.waitFor((m) => mailTo(member.email)(m) && /wan change/.test(m.subject ?? ''));
    expect(notice.subject).toBe('Your Kora e-mail address wan change');
    expect(notice.text).toContain(`Person ask make we change di e-mail address of your Kora account to ${newEmail}.`);
    const confirm = await sink.waitFor(mailTo(newEmail));
    expect(confirm.subject).toBe('Confirm your new Kora e-mail address');
    expect(confirm.text).toContain('Open dis link make you confirm am');
  });
});

describe('times in mails', () => {
  it("are written in the reader's time zone, the zone named, UTC for one Intl does not know", () => {
    const at = new Date('2026-11-29T23:33:17Z');
    expect(inLocale({ language: 'en', timeZone: 'Africa/Lagos' }, () => mailTime(at))).toBe('Mon, 30 Nov 2026, 00:33 WAT');
    expect(inLocale({ language: 'en', timeZone: 'UTC' }, () => mailTime(at))).toBe('Sun, 29 Nov 2026, 23:33 UTC');
    expect(inLocale({ language: 'en', timeZone: 'Mars/Olympus' }, () => mailTime(at))).toBe('Sun, 29 Nov 2026, 23:33 UTC');
  });
});
