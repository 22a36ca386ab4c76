/**
 * Security e-mails (notification setting "emailSecurity"): a sign-in from a new device and a
 * password change (Settings, and reset with a code), sent through the auth mail queue to the SMTP
 * sink, only while the member's switch is on (the default). A member's first sign-in is not an
 * alarm; neither is the same browser family again, even a newer version.
 */
import { type SinkMessage, type SmtpSink } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLabel } from '@kora/contracts';
import {
  activeMember,
  asTokenHolder,
  codeIn,
  mailTo,
  post,
  setEmailSecurity,
  signIn,
  someIp,
  startAuthWithMail,
  type AuthTestService,
} from '../test-support.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; TECNO CK8n) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const CHROME_ANDROID_NEWER = CHROME_ANDROID.replace('Chrome/131.0.0.0', 'Chrome/132.0.6834.83');
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';

describe('device families', () => {
  it('ignore versions (every label: contracts devices.test.ts)', () => {
    expect(deviceLabel(CHROME_ANDROID_NEWER)).toBe(deviceLabel(CHROME_ANDROID));
    expect(deviceLabel(EDGE_WINDOWS)).not.toBe(deviceLabel(CHROME_ANDROID));
  });
});

describe(`security e-mails (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ svc, sink, close } = await startAuthWithMail()));
  afterAll(async () => close?.());

  const isSignInAlarm = (email: string) => (m: SinkMessage) => mailTo(email)(m) && /New sign-in/.test(m.subject ?? '');
  const isPasswordMail = (email: string) => (m: SinkMessage) => mailTo(email)(m) && /password was changed/.test(m.subject ?? '');
  const count = (match: (m: SinkMessage) => boolean) => sink.messages.filter(match).length;
  const signInWith = (m: { email: string; password: string }, agent: string) =>
    signIn(svc, m.email, m.password, { 'user-agent': agent, 'x-forwarded-for': '102.89.34.10' });

  async function changePassword(token: string, currentPassword: string): Promise<void> {
    const headers = asTokenHolder(svc, token);
    const res = await svc.app.inject({
      method: 'PUT',
      url: '/api/settings/security/password',
      headers,
      payload: { currentPassword, newPassword: 'a much better one' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * A mail that is not sent cannot be waited for: a later mail to the same member (a reset code,
   * queued after it) is waited for instead, and then the count is read.
   */
  async function afterQueued(email: string): Promise<void> {
    const seen = sink.messages.length;
    expect((await post(svc, '/api/sendForgotOtp', { email }, { 'x-forwarded-for': someIp() })).statusCode).toBe(200);
    await sink.waitFor((m) => sink.messages.indexOf(m) >= seen && mailTo(email)(m) && /reset code/.test(m.subject ?? ''));
    await svc.ctx.store.del(`otp-cooldown:${email}`);
  }

  it('mails a sign-in from a new device family, not the first sign-in nor the same family again', async () => {
    const member = await activeMember(svc, sink);
    await signInWith(member, CHROME_ANDROID); // the first ever: no alarm
    await signInWith(member, CHROME_ANDROID_NEWER); // the same family, a newer version: no alarm
    await afterQueued(member.email);
    expect(count(isSignInAlarm(member.email))).toBe(0);

    await signInWith(member, FIREFOX_WINDOWS);
    const alarm = await sink.waitFor(isSignInAlarm(member.email));
    expect(alarm.subject).toBe('New sign-in to your Kora account');
    expect(alarm.text).toContain('Device: Firefox on Windows. Address: 102.89.34.10.');
    expect(alarm.text).toContain('http://kora.test/settings');

    await signInWith(member, FIREFOX_WINDOWS); // known now
    await afterQueued(member.email);
    expect(count(isSignInAlarm(member.email))).toBe(1);
  });

  it('mails a password change in Settings and a reset with a code', async () => {
    const member = await activeMember(svc, sink);
    const tokens = await signInWith(member, CHROME_ANDROID);
    await changePassword(tokens.token, member.password);
    const mail = await sink.waitFor(isPasswordMail(member.email));
    expect(mail.subject).toBe('Your Kora password was changed');

    const seen = sink.messages.length;
    expect((await post(svc, '/api/sendForgotOtp', { email: member.email }, { 'x-forwarded-for': someIp() })).statusCode).toBe(200);
    const codeMail = await sink.waitFor(
      (m) => sink.messages.indexOf(m) >= seen && mailTo(member.email)(m) && /reset code/.test(m.subject ?? ''),
    );
    const reset = await post(
      svc,
      '/api/reset-password',
      { email: member.email, otp: codeIn(codeMail), password: 'and another one' },
      { 'x-forwarded-for': someIp() },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await sink.waitFor((m) => sink.messages.indexOf(m) > sink.messages.indexOf(mail) && isPasswordMail(member.email)(m));
    expect(count(isPasswordMail(member.email))).toBe(2);
  });

  it('sends neither while the member has turned security e-mails off, and both again once on', async () => {
    const member = await activeMember(svc, sink);
    await setEmailSecurity(svc, member.userId, false);
    const tokens = await signInWith(member, CHROME_ANDROID);
    await signInWith(member, SAFARI_IPHONE);
    await changePassword(tokens.token, member.password);
    await afterQueued(member.email);
    expect(count(isSignInAlarm(member.email)) + count(isPasswordMail(member.email))).toBe(0);

    await setEmailSecurity(svc, member.userId, true);
    await signIn(svc, member.email, 'a much better one', { 'user-agent': EDGE_WINDOWS });
    expect((await sink.waitFor(isSignInAlarm(member.email))).text).toContain('Edge on Windows');
  });
});
