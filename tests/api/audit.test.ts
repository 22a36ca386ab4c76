/**
 * The audit log through the gateway (decision 024): what an admin does is recorded in the same
 * transaction as the change, by whichever service did it, and the admin service lists it newest
 * first with the actor's username and display name. Here: a site-settings change (the SMTP password
 * masked), a save that changes nothing (no entry), and a representative review; the users, posts and reports actions are recorded by auth and posts and
 * tested with them (admin-users, admin-posts tests).
 */
import { type AuditEntry } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, signedInMember } from './support/members.js';
import { api, bearer, body, MODE } from './support/product.js';

type AuditPage = { items: AuditEntry[]; total: number; totalPages: number; hasPrev: boolean; hasNext: boolean };

describe(`audit log (${MODE})`, () => {
  // A real account with an admin's token: the log names it by its username.
  let chief: Awaited<ReturnType<typeof signedInMember>>;
  const headers = async () => ({ ...(await bearer({ userId: chief.user.user_id, role: 'admin' })), 'content-type': 'application/json' });
  const audit = async (query: string) => {
    const res = await api(`/api/admin/audit?actorId=${chief.user.user_id}&${query}`, { headers: await headers() });
    expect(res.status, await res.clone().text()).toBe(200);
    return body<AuditPage>(res);
  };

  beforeAll(async () => {
    chief = await signedInMember();
  });

  it('is for admins only, and refuses bad filters with 400', async () => {
    expect((await api('/api/admin/audit')).status).toBe(401);
    expect((await api('/api/admin/audit', { headers: await bearer({ userId: 42 }) })).status).toBe(403);
    for (const query of ['action=user.exploded', 'limit=3', 'page=0', 'actorId=abc']) {
      const res = await api(`/api/admin/audit?${query}`, { headers: await headers() });
      expect(res.status, query).toBe(400);
      expect(Object.keys(await res.json()).sort()).toEqual(['code', 'error', 'message']);
    }
  });

  it('records a settings change with the section before and after, secrets masked, under the admin’s name', async () => {
    const secret = `pw-${randomBytes(6).toString('hex')}`;
    const before = (
      await body<{ email: { fromName: string; smtpPassword: string } }>(await api('/api/admin/settings', { headers: await headers() }))
    ).email;
    const put = await api('/api/admin/settings/email', {
      method: 'PUT',
      headers: await headers(),
      body: JSON.stringify({ fromName: 'Kora Audit', smtpPassword: secret }),
    });
    expect(put.status).toBe(200);
    try {
      let page: AuditPage | undefined;
      await eventually(async () => {
        page = await audit('action=settings.updated');
        return page.total >= 1;
      });
      const entry = page!.items[0]!;
      expect(entry).toMatchObject({
        actorUsername: chief.member.username,
        actorName: `${chief.member.firstname} ${chief.member.lastname}`,
        action: 'settings.updated',
        targetType: 'settings',
        targetId: 'email',
      });
      expect(entry.after).toMatchObject({ fromName: 'Kora Audit', smtpPassword: '********' });
      expect(entry.before).toMatchObject({ fromName: before.fromName });
      expect(JSON.stringify(page)).not.toContain(secret);
    } finally {
      // The mask keeps a secret; put back an empty one if there was none before.
      await api('/api/admin/settings/email', {
        method: 'PUT',
        headers: await headers(),
        body: JSON.stringify({ fromName: before.fromName, smtpPassword: before.smtpPassword === '' ? '' : '********' }),
      });
    }
  });

  it('records no entry for a save that changes nothing', async () => {
    const current = await body<{ general: { siteName: string } }>(await api('/api/admin/settings', { headers: await headers() }));
    const { siteName } = current.general;
    const saveName = async (name: string) => {
      const put = await api('/api/admin/settings/general', {
        method: 'PUT',
        headers: await headers(),
        body: JSON.stringify({ siteName: name }),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    };
    // This section's entries only: the e-mail section's restore in the test before may be listed late.
    const generalSaves = async () =>
      (await audit('action=settings.updated&limit=100')).items.filter((entry) => entry.targetId === 'general');
    const saved = (await generalSaves()).length;
    await saveName(siteName);
    // A real change after it, on the same section (its entries keep their order): once it is
    // listed, the save before it would be too.
    await saveName(`${siteName} (audited)`);
    try {
      let entries: AuditEntry[] = [];
      await eventually(async () => {
        entries = await generalSaves();
        return entries.length > saved;
      });
      expect(entries.length).toBe(saved + 1);
      expect(entries[0]).toMatchObject({ before: { siteName }, after: { siteName: `${siteName} (audited)` } });
    } finally {
      await saveName(siteName);
    }
  });

  it('records a representative review, newest first', async () => {
    const email = `rep.${randomBytes(5).toString('hex')}@example.ng`;
    const applied = await api(
      '/api/representatives',
      json({
        name: 'Ngozi Eze',
        username: 'ngozi',
        phone: '08031234567',
        email,
        state: 'Lagos',
        residentAddress: '3 Allen Avenue, Ikeja',
        residentialState: 'Lagos',
        proposedLocation: 'Ikeja',
        koraUsername: 'ngozi',
        note: 'Community organiser in Ikeja.',
      }),
    );
    const { id } = await body<{ id: number }>(applied);
    for (const status of ['contacted', 'rejected'] as const) {
      expect(
        (await api(`/api/admin/representatives/${id}`, { method: 'PUT', headers: await headers(), body: JSON.stringify({ status }) }))
          .status,
      ).toBe(200);
    }
    let page: AuditPage | undefined;
    await eventually(async () => {
      page = await audit('action=representative.reviewed');
      return page.items.filter((e) => e.targetId === String(id)).length === 2;
    });
    const [latest, first] = page!.items.filter((e) => e.targetId === String(id));
    expect(first).toMatchObject({ targetType: 'representative', before: { status: 'new' }, after: { status: 'contacted' } });
    expect(latest).toMatchObject({ before: { status: 'contacted' }, after: { status: 'rejected' }, actorId: chief.user.user_id });
    expect(Date.parse(latest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first!.createdAt));
  });
});
