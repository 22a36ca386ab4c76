/**
 * The admin's own profile through the gateway, in whichever mode the harness started (decision 024):
 * admins only; the profile with the time zone kept by the settings service; the password change,
 * avatar upload and sessions, which are the member's own code.
 */
import { adminTexts, authTexts } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, signIn } from './support/members.js';
import { api, MODE, tokenFor } from './support/product.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

describe(`admin profile through the gateway (${MODE})`, () => {
  let admin: Member & { adminToken: string };
  beforeAll(async () => {
    const member = await signedInMember();
    admin = { ...member, adminToken: await tokenFor({ userId: member.user.user_id, role: 'admin', sessionId: sidOf(member.token) }) };
  });
  const asAdmin = (path: string, init: RequestInit = {}) =>
    api(path, { ...init, headers: { ...(init.headers as object), authorization: `Bearer ${admin.adminToken}` } });

  it('is for admins only: anonymous 401, member 403', async () => {
    const member = await signedInMember();
    for (const path of ['/api/admin/profile/me', '/api/admin/profile/sessions']) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, auth(member.token))).status, path).toBe(403);
    }
    expect((await api('/api/admin/profile', json({ bio: 'x' }, member.token, 'PUT'))).status).toBe(403);
  });

  it('shows and saves the profile; the time zone is saved by the settings service', async () => {
    const me = await asAdmin('/api/admin/profile/me');
    expect(me.status, await me.clone().text()).toBe(200);
    expect(await me.json()).toMatchObject({
      id: admin.user.user_id,
      username: admin.member.username,
      email: admin.member.email,
      timezone: 'UTC',
    });

    const saved = await asAdmin(
      '/api/admin/profile',
      json({ bio: 'Keeps the lights on', lastname: 'Admin', timezone: 'Africa/Lagos' }, undefined, 'PUT'),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ bio: 'Keeps the lights on', lastname: 'Admin', timezone: 'Africa/Lagos' });
    const general = await (await api('/api/settings/profile', auth(admin.token))).json();
    expect(general.timezone).toBe('Africa/Lagos');
    const later = await readUntil(
      async () => (await (await asAdmin('/api/admin/profile/me')).json()) as { timezone: string },
      (p) => p.timezone === 'Africa/Lagos',
    );
    expect(later.timezone).toBe('Africa/Lagos');
    const bad = await asAdmin('/api/admin/profile', json({ timezone: 'Mars/Olympus' }, undefined, 'PUT'));
    expect(bad.status).toBe(400);
  });

  it('uploads an avatar; without a file it says "Please choose an image first"', async () => {
    const png = Buffer.from(await (await api('/uploads/profile/defaultavatar.png')).arrayBuffer());
    const form = new FormData();
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
    const res = await asAdmin('/api/admin/profile/avatar', { method: 'PUT', body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const { avatarUrl } = await res.json();
    expect((await api(avatarUrl)).status).toBe(200);
    expect((await (await asAdmin('/api/admin/profile/me')).json()).profileImage).toBe(avatarUrl);
    const none = await asAdmin('/api/admin/profile/avatar', { method: 'PUT', body: new FormData() });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe(adminTexts.chooseImageFirst);
  });

  it('lists and ends sessions, and changes the password (wrong old password refused)', async () => {
    const other = await signIn(admin.member.email, admin.member.password);
    const sessions = (await (await asAdmin('/api/admin/profile/sessions')).json()) as { id: string; current: boolean }[];
    expect(sessions.find((s) => s.current)?.id).toBe(sidOf(admin.token));
    expect(sessions.map((s) => s.id)).toContain(sidOf(other.token));
    const ended = await asAdmin(`/api/admin/profile/sessions/${sidOf(other.token)}`, { method: 'DELETE' });
    expect(ended.status).toBe(204);
    expect((await api('/api/auth/session', auth(other.token))).status).toBe(401);

    const wrong = await asAdmin(
      '/api/admin/profile/password',
      json({ oldPassword: 'not it at all', newPassword: 'a much better one' }, undefined, 'PUT'),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe(authTexts.currentPasswordWrong);
    const third = await signIn(admin.member.email, admin.member.password);
    const ok = await asAdmin(
      '/api/admin/profile/password',
      json({ oldPassword: admin.member.password, newPassword: 'a much better one' }, undefined, 'PUT'),
    );
    expect(ok.status).toBe(200);
    expect((await api('/api/auth/refresh', json({ refreshToken: third.refreshToken }))).status).toBe(401);
    await signIn(admin.member.email, 'a much better one');
  });
});
