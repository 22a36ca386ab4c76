/**
 * The back office's Users screen through the gateway, in whichever mode the harness started
 * (decision 024): admins only; search and export; an Edit of the e-mail reaches the services that keep
 * it; a suspension ends the member's access at once (the gateway refuses their access token, the
 * refresh fails, sign-in shows the suspended text) and reinstating lets them back in.
 *
 * The admin is a real member whose access token says admin (as the harness's other admin tests
 * mint it, on the member's real session), so the routes' own checks run on a real account.
 */
import { adminTexts, authTexts } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, signIn, type SignedIn } from './support/members.js';
import { api, MODE, tokenFor } from './support/product.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The session id inside an access token. */
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

describe(`admin users through the gateway (${MODE})`, () => {
  let admin: Member & { adminToken: string };
  beforeAll(async () => {
    const member = await signedInMember();
    admin = { ...member, adminToken: await tokenFor({ userId: member.user.user_id, role: 'admin', sessionId: sidOf(member.token) }) };
  });

  const asAdmin = (path: string, init: RequestInit = {}) =>
    api(path, { ...init, headers: { ...(init.headers as object), authorization: `Bearer ${admin.adminToken}` } });

  it('is for admins only: anonymous 401, member 403, admin 200', async () => {
    const member = await signedInMember();
    for (const path of ['/api/admin/users', '/api/admin/users/export?format=json']) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, auth(member.token))).status, path).toBe(403);
    }
    expect((await api(`/api/admin/users/${member.user.user_id}/status`, json({ status: 'suspended' }, member.token, 'PUT'))).status).toBe(
      403,
    );
    const list = await asAdmin(`/api/admin/users?search=${encodeURIComponent(member.member.email.toUpperCase())}`);
    expect(list.status, await list.clone().text()).toBe(200);
    expect(await list.json()).toMatchObject({
      total: 1,
      items: [{ id: member.user.user_id, username: member.member.username, role: 'user', status: 'active' }],
    });
  });

  it('exports the matching members as a CSV download', async () => {
    const member = await signedInMember();
    const res = await asAdmin(`/api/admin/users/export?format=csv&search=${member.member.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('id,username,email,firstname,lastname,createdAt,role,status');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^${member.user.user_id},${member.member.username},${member.member.email.replace('.', '\\.')},Ada,Obi,`),
      ),
    ]);
  });

  it('exports them as a JSON array of the list rows, as the served document says', async () => {
    const member = await signedInMember();
    // api() holds the answer against the document: an array of rows for application/json.
    const res = await asAdmin(`/api/admin/users/export?format=json&search=${member.member.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users.json"');
    expect(await res.json()).toEqual([
      expect.objectContaining({ id: member.user.user_id, username: member.member.username, firstname: 'Ada', lastname: 'Obi' }),
    ]);
  });

  it("edits a member's e-mail: they sign in with it and their settings show it", async () => {
    const member = await signedInMember();
    const email = `new.${member.member.email}`;
    const res = await asAdmin(`/api/admin/users/${member.user.user_id}`, json({ email, firstname: 'Chiamaka' }, undefined, 'PUT'));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ email, firstname: 'Chiamaka' });
    await signIn(email, member.member.password);
    const settings = await readUntil(
      async () => (await (await api('/api/settings/profile', auth(member.token))).json()) as { user_email: string },
      (s) => s.user_email === email,
    );
    expect(settings.user_email).toBe(email);
    const taken = await asAdmin(`/api/admin/users/${member.user.user_id}`, json({ email: admin.member.email }, undefined, 'PUT'));
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe(authTexts.emailInUse);
  });

  it('suspends: the access token is refused at once, refresh fails, sign-in shows the suspended text; reinstating lets them in', async () => {
    const member = await signedInMember();
    const other: SignedIn = await signIn(member.member.email, member.member.password);
    expect((await api('/api/auth/session', auth(member.token))).status).toBe(200);

    const res = await asAdmin(`/api/admin/users/${member.user.user_id}/status`, json({ status: 'suspended' }, undefined, 'PUT'));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: member.user.user_id, status: 'suspended' });

    for (const session of [member, other]) {
      expect((await api('/api/auth/session', auth(session.token))).status).toBe(401);
      expect((await api('/api/settings/profile', auth(session.token))).status).toBe(401);
      expect((await api('/api/auth/refresh', json({ refreshToken: session.refreshToken }))).status).toBe(401);
    }
    const signInNow = await api('/api/signin', json({ email: member.member.email, password: member.member.password }));
    expect(signInNow.status).toBe(403);
    expect((await signInNow.json()).error).toBe(authTexts.suspended);

    const self = await asAdmin(`/api/admin/users/${admin.user.user_id}/status`, json({ status: 'suspended' }, undefined, 'PUT'));
    expect(self.status).toBe(409);
    expect((await self.json()).error).toBe(adminTexts.cannotSuspendSelf);

    const back = await asAdmin(`/api/admin/users/${member.user.user_id}/status`, json({ status: 'active' }, undefined, 'PUT'));
    expect((await back.json()).status).toBe('active');
    const again = await signIn(member.member.email, member.member.password);
    expect((await api('/api/auth/session', auth(again.token))).status).toBe(200);
  });
});
