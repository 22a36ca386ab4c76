/**
 * Accounts through the gateway, in whichever mode the harness started: sign-up with the real
 * activation mail, sign-in, token refresh, revocation refused at the edge, recovery with the
 * 5-wrong-codes lock, and profile reads by plain and encoded id.
 */
import { encodeProfileId } from '@kora/contracts';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recoveryCode, waitForMail } from '../support/mail.js';
import { activationToken, json, newMember, registerAndActivate, signIn } from './support/members.js';
import { api, BASE_URL, MODE } from './support/product.js';

describe(`accounts through the gateway (${MODE})`, () => {
  it('signs up, refuses sign-in before activation, activates from the mail, and signs in', async () => {
    const member = newMember();
    expect((await api('/api/signUp', json(member))).status).toBe(201);
    const early = await api('/api/signin', json({ email: member.email, password: member.password }));
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('NOT_ACTIVATED');

    const mail = (await waitForMail(member.email, /activ/i)).text;
    // The link leads to this product, on the port it runs on (never a default 8080).
    const link = new URL(/https?:\/\/\S+\/activate\/\S+/.exec(mail)![0]);
    expect(link.port).toBe(new URL(BASE_URL).port);
    expect(link.port).not.toBe('8080');
    const token = activationToken(mail);
    const ok = await api('/api/activate', json({ token }));
    expect(await ok.json()).toEqual({ message: 'Your account has been activated successfully, You can login now' });
    const again = await api('/api/activate', json({ token }));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('ACTIVATION_USED');

    const session = await signIn(member.username, member.password);
    expect(session.user.user_lastname).toBe('Obi');
    expect(session.user.role).toBe('user');
    const me = await api('/api/auth/session', { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await me.json()) as { userId: number }).userId).toBe(session.user.user_id);

    const duplicate = await api('/api/signUp', json({ ...member, username: `${member.username}x` }));
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { message: string }).message).toBe('Email is already in use');
  });

  it('refuses a revoked session at the gateway at once, and its refresh token too', async () => {
    const member = await registerAndActivate();
    const a = await signIn(member.email, member.password);
    const b = await signIn(member.email, member.password);
    const sessions = await api('/api/settings/security/sessions', { headers: { authorization: `Bearer ${a.token}` } });
    const list = (await sessions.json()) as { id: string; current: boolean }[];
    const other = list.find((s) => !s.current)!;
    expect(other).toBeTruthy();
    const revoke = await api(`/api/settings/security/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(revoke.status).toBe(204);

    const refused = await api('/api/auth/session', { headers: { authorization: `Bearer ${b.token}` } });
    expect(refused.status).toBe(401);
    const refresh = await api('/api/auth/refresh', json({ refreshToken: b.refreshToken }));
    expect(refresh.status).toBe(401);
    expect((await api('/api/auth/session', { headers: { authorization: `Bearer ${a.token}` } })).status).toBe(200);
  });

  it('rotates refresh tokens', async () => {
    const member = await registerAndActivate();
    const first = await signIn(member.email, member.password);
    const res = await api('/api/auth/refresh', json({ refreshToken: first.refreshToken }));
    expect(res.status).toBe(200);
    const next = (await res.json()) as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await api('/api/auth/session', { headers: { authorization: `Bearer ${next.token}` } })).status).toBe(200);
  });

  it('recovers a password with the mailed code, and locks the code after 5 wrong tries', async () => {
    const member = await registerAndActivate();
    expect(await (await api('/api/sendForgotOtp', json({ email: member.email }))).json()).toEqual({ status: true });
    const code = recoveryCode((await waitForMail(member.email, /code|password/i)).text);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const res = await api('/api/forgot-password', json({ email: member.email, otp: wrong }));
      expect(res.status).toBe(400);
    }
    const locked = await api('/api/forgot-password', json({ email: member.email, otp: code }));
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as { code: string }).code).toBe('OTP_LOCKED');
  });

  it('answers the same for an unknown address (no account enumeration)', async () => {
    const res = await api('/api/sendForgotOtp', json({ email: `nobody.${randomBytes(4).toString('hex')}@example.com` }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
  });

  it('reads a profile by plain and by encoded id; unknown ids are "not found"', async () => {
    const member = await registerAndActivate();
    const session = await signIn(member.email, member.password);
    const auth = { headers: { authorization: `Bearer ${session.token}` } };
    const id = session.user.user_id;
    const plain = await api(`/api/users/${id}`, auth);
    expect(plain.status).toBe(200);
    const profile = (await plain.json()) as { username: string; bio: string; profileImage: string };
    expect(profile.username).toBe(member.username);
    expect(profile.profileImage).toBe('/uploads/profile/defaultavatar.png');
    const encoded = await api(`/api/users/${encodeProfileId(id)}`, auth);
    expect(((await encoded.json()) as { username: string }).username).toBe(member.username);
    const missing = await api('/api/users/999999999', auth);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message.toLowerCase()).toContain('not found');
    // Anonymous callers get the card only (privacy: tests/api/privacy.test.ts).
    const anonymous = await api(`/api/users/${id}`);
    expect(anonymous.status).toBe(200);
    expect(((await anonymous.json()) as { visibility: string }).visibility).toBe('limited');
    const avatar = await api('/uploads/profile/defaultavatar.png');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
  });
});
