/**
 * Two-step sign-in and the sign-in lock through the gateway (decision 033), on the running product:
 * set-up, the challenge and its second step, replay refused, recovery codes once (and once when
 * raced), forged challenges, turning it off, other members and anonymous callers refused, and
 * wrong passwords growing into a wait and then a lock lifted by the mailed link.
 */
import { authTexts } from '@kora/contracts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.js';
import { auth, json, registerAndActivate, signIn, signedInMember } from './support/members.js';
import { api, MODE } from './support/product.js';

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function turnOn(token: string) {
  const setup = await api('/api/settings/security/two-step/setup', { method: 'POST', ...auth(token) });
  expect(setup.status, await setup.clone().text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await api('/api/settings/security/two-step/confirm', json({ code: codeFor(secret) }, token));
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

async function challengeFor(email: string, password: string): Promise<string> {
  const res = await api('/api/signin', json({ email, password }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { twoStep?: boolean; challenge?: string; token?: string };
  expect(body.twoStep).toBe(true);
  expect(body.token).toBeUndefined();
  return body.challenge!;
}

const second = (challenge: string, code: string) => api('/api/signin/two-step', json({ challenge, code }));
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe(`two-step sign-in through the gateway (${MODE})`, () => {
  it('turns on, answers a challenge, completes with a code once (a replay is refused), and a recovery code once', async () => {
    const { token, member } = await signedInMember();
    const { secret, recoveryCodes } = await turnOn(token);
    expect(recoveryCodes).toHaveLength(10);
    // The confirming code's step is spent: the next step's code, which the server takes as one
    // step of a phone's clock drift.
    const code = codeFor(secret, 1);
    const done = await second(await challengeFor(member.email, member.password), code);
    expect(done.status).toBe(200);
    const signedIn = (await done.json()) as { token: string; user: { user_name: string } };
    expect(signedIn.user.user_name).toBe(member.username);
    expect((await api('/api/auth/session', auth(signedIn.token))).status).toBe(200);

    const replay = await second(await challengeFor(member.email, member.password), code);
    expect(replay.status).toBe(400);
    expect(await codeOf(replay)).toBe('TWO_STEP_CODE_WRONG');

    expect((await second(await challengeFor(member.email, member.password), recoveryCodes[0]!)).status).toBe(200);
    const again = await second(await challengeFor(member.email, member.password), recoveryCodes[0]!);
    expect(again.status).toBe(400);

    // The same recovery code raced from four sign-ins: one wins.
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeFor(member.email, member.password)));
    const raced = await Promise.all(challenges.map((c) => second(c, recoveryCodes[1]!)));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    // A challenge spent by a sign-in is refused after.
    const spent = challenges[raced.findIndex((r) => r.status === 200)]!;
    expect((await second(spent, recoveryCodes[2]!)).status).toBe(401);
  }, 90_000);

  it('refuses forged and malformed challenges with the same answer, never a 500', async () => {
    for (const challenge of ['tsc_' + 'A'.repeat(43), 'nonsense', 'tsc_', 'x'.repeat(200)]) {
      const res = await second(challenge, '123456');
      expect(res.status, challenge).toBe(401);
      expect(await res.json()).toEqual({
        error: authTexts.twoStepChallengeInvalid,
        message: authTexts.twoStepChallengeInvalid,
        code: 'TWO_STEP_CHALLENGE_INVALID',
      });
    }
    expect((await api('/api/signin/two-step', json({ challenge: 'x'.repeat(201), code: '1' }))).status).toBe(400);
    expect((await api('/api/signin/two-step', json({}))).status).toBe(400);
  });

  it('turns off only with the password and a code; other members and anonymous callers cannot touch it', async () => {
    const owner = await signedInMember();
    const { secret, recoveryCodes } = await turnOn(owner.token);
    const other = await signedInMember();

    // Another member's calls act on their own account only: nothing of the owner's changes.
    const theirs = await api(
      '/api/settings/security/two-step/disable',
      json({ password: owner.member.password, code: recoveryCodes[0] }, other.token),
    );
    expect(theirs.status).toBe(409);
    expect(await codeOf(theirs)).toBe('TWO_STEP_NOT_ON');
    const status = await api('/api/settings/security/two-step', auth(other.token));
    expect(await status.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // Anonymous: refused at the edge, whatever the body.
    for (const path of [
      '/api/settings/security/two-step/setup',
      '/api/settings/security/two-step/confirm',
      '/api/settings/security/two-step/disable',
    ]) {
      expect((await api(path, json({ code: codeFor(secret), password: owner.member.password }))).status, path).toBe(401);
    }
    expect((await api('/api/settings/security/two-step')).status).toBe(401);

    const disable = (body: unknown) => api('/api/settings/security/two-step/disable', json(body, owner.token));
    const wrongPassword = await disable({ password: 'not my password', code: recoveryCodes[0] });
    expect(wrongPassword.status).toBe(400);
    expect(await codeOf(wrongPassword)).toBe('CURRENT_PASSWORD_WRONG');
    const wrongCode = await disable({ password: owner.member.password, code: 'aaaaa-aaaaa' });
    expect(await codeOf(wrongCode)).toBe('TWO_STEP_CODE_WRONG');
    expect((await disable({ password: owner.member.password })).status).toBe(400);
    const off = await disable({ password: owner.member.password, code: recoveryCodes[0] });
    expect(off.status).toBe(200);
    // One step again: tokens straight from the password.
    expect((await signIn(owner.member.email, owner.member.password)).token).toBeTruthy();
  });

  it('grows a wait from wrong passwords (checked before the password), then locks; the mailed link unlocks once', async () => {
    const member = await registerAndActivate();
    const attempt = (password: string) => api('/api/signin', json({ email: member.email, password }));
    const statuses: number[] = [];
    let waits = 0;
    let rightRefused = false;
    for (let i = 0; i < 10; i++) {
      let res = await attempt('not the password');
      while (res.status === 429) {
        expect(await res.json()).toMatchObject({ code: 'SIGN_IN_WAIT' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        // The harness's waits are 0.1 s doubling to 1.6 s: the last one is long enough to show that the
        // right password is refused too while it runs (the wait comes before the check).
        if (i === 9 && !rightRefused) {
          expect((await attempt(member.password)).status).toBe(429);
          rightRefused = true;
        }
        waits++;
        await new Promise((resolve) => setTimeout(resolve, 150));
        res = await attempt('not the password');
      }
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    expect(waits).toBeGreaterThan(0);
    expect(rightRefused).toBe(true);
    const locked = await attempt(member.password);
    expect(locked.status).toBe(423);
    expect(await locked.json()).toEqual({ error: authTexts.signInLocked, message: authTexts.signInLocked, code: 'SIGN_IN_LOCKED' });

    const mail = await waitForMail(member.email, /locked/i);
    const token = decodeURIComponent(/\/login\?unlock=(\S+)/.exec(mail.text)![1]!);
    expect((await api('/api/auth/unlock', json({ token: `${token}x` }))).status).toBe(400);
    expect((await api('/api/auth/unlock', json({ token }))).status).toBe(200);
    expect((await api('/api/auth/unlock', json({ token }))).status).toBe(400);
    expect((await signIn(member.email, member.password)).token).toBeTruthy();
  }, 120_000);
});
