import { ADMIN_CHART_DAYS, INTERNAL_POST_STATS_PATH, INTERNAL_USER_STATS_PATH, adminTexts, representativeTexts } from '@kora/contracts';
import { SERVICE_CALL_HEADER } from '@kora/platform/identity';
import {
  adminIdentity,
  eventually,
  memberIdentity,
  memberSnapshot,
  outboxEvents,
  publishEvent,
  representativeApplication as application,
  startTestService,
  type TestService,
} from '@kora/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminService } from '../app.js';
import { ADMIN_DEV_MAIL_PATH } from './dev-mail.js';

/** Stands in for auth and posts: answers the two internal stats routes, or fails when told to. */
interface Sibling {
  url: string;
  seen: { path: string; signed: boolean }[];
  mode: 'ok' | 'broken';
  close(): Promise<void>;
}

async function startSibling(): Promise<Sibling> {
  const sibling: Sibling = { url: '', seen: [], mode: 'ok', close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    sibling.seen.push({ path: `${url.pathname}?${url.searchParams}`, signed: typeof req.headers[SERVICE_CALL_HEADER] === 'string' });
    if (sibling.mode === 'broken') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"oops":true}');
    const since = url.searchParams.get('since')!;
    const answer =
      url.pathname === INTERNAL_USER_STATS_PATH
        ? {
            totalUsers: 10,
            pendingUsers: 2,
            notActivated: 1,
            banned: 3,
            daily: [
              { day: since, count: 4 },
              { day: '2026-11-27', count: 5 },
              { day: '1999-01-01', count: 99 },
            ],
          }
        : url.pathname === INTERNAL_POST_STATS_PATH
          ? { posts: 42, daily: [{ day: '2026-11-27', count: 7 }] }
          : null;
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sibling.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sibling.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sibling;
}

describe(`admin back office: stats, audit log, representatives (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: TestService;
  let sibling: Sibling;
  let siblingsUp = true;
  // 2026-11-27 10:00 in Lagos (UTC+1): the chart's last day is the 27th.
  const now = new Date('2026-11-27T09:00:00.000Z');
  const adminId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const admin = () => svc.as(adminIdentity(adminId));
  const member = () => svc.as(memberIdentity(adminId + 1));
  const unique = () => `rep-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.ng`;

  beforeAll(async () => {
    sibling = await startSibling();
    const definition = createAdminService({
      env: { MAIL_DEV_OUTBOX: 'true', KORA_TIME_ZONE: 'Africa/Lagos', PUBLIC_URL: 'http://kora.test' },
      now: () => now,
    });
    svc = await startTestService(definition, {
      resolveService: (name) => (siblingsUp && (name === 'auth' || name === 'posts') ? sibling.url : 'http://127.0.0.1:9'),
    });
  });
  afterAll(async () => {
    await svc?.close();
    await sibling?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('refuses anonymous callers (401) and members (403) on every admin route, before reading the input', async () => {
    const routes = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit?limit=7'],
      ['GET', '/api/admin/representatives'],
      ['PUT', '/api/admin/representatives/1'],
      ['PUT', '/api/admin/representatives/nope'],
    ] as const;
    for (const [method, url] of routes) {
      const anonymous = await inject(method, url, {}, method === 'PUT' ? { status: 'accepted' } : undefined);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const asMember = await inject(method, url, member(), method === 'PUT' ? { status: 'accepted' } : undefined);
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  describe('GET /api/admin/stats', () => {
    it("joins auth's and posts' counts over the last 30 days of KORA_TIME_ZONE, missing days as 0", async () => {
      const res = await inject('GET', '/api/admin/stats', admin());
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json();
      expect(stats).toMatchObject({ totalUsers: 10, pendingUsers: 2, notActivated: 1, banned: 3, posts: 42 });
      expect(stats.daily).toHaveLength(ADMIN_CHART_DAYS);
      expect(stats.daily[0]).toEqual({ day: '2026-10-29', signups: 4, posts: 0 });
      expect(stats.daily.at(-1)).toEqual({ day: '2026-11-27', signups: 5, posts: 7 });
      expect(stats.daily.slice(1, -1).every((d: { signups: number; posts: number }) => d.signups === 0 && d.posts === 0)).toBe(true);
      // Both siblings asked, signed as a service, from the chart's first day.
      const asked = sibling.seen
        .slice(-2)
        .map((s) => s.path)
        .sort();
      expect(asked).toEqual([`${INTERNAL_POST_STATS_PATH}?since=2026-10-29`, `${INTERNAL_USER_STATS_PATH}?since=2026-10-29`]);
      expect(sibling.seen.every((s) => s.signed)).toBe(true);
    });

    it('answers 503 in the error shape when a sibling is down or answers nonsense', async () => {
      sibling.mode = 'broken';
      try {
        const broken = await inject('GET', '/api/admin/stats', admin());
        expect(broken.statusCode).toBe(503);
        expect(broken.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringContaining('unavailable') });
      } finally {
        sibling.mode = 'ok';
      }
      siblingsUp = false;
      try {
        const down = await inject('GET', '/api/admin/stats', admin());
        expect(down.statusCode).toBe(503);
        expect(Object.keys(down.json()).sort()).toEqual(['code', 'error', 'message']);
      } finally {
        siblingsUp = true;
      }
    });
  });

  describe('representative applications', () => {
    it('takes an application from anyone, keeps a signed-in member, and mails a confirmation', async () => {
      const email = unique();
      const res = await inject('POST', '/api/representatives', {}, { ...application(email.toUpperCase()) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), message: adminTexts.applicationSubmitted });
      const signedIn = await inject('POST', '/api/representatives', svc.as({ userId: 4242 }), application(unique()));
      expect(signedIn.statusCode).toBe(201);

      const list = await inject('GET', '/api/admin/representatives?limit=100', admin());
      const mine = list.json().items.find((r: { id: number }) => r.id === res.json().id);
      expect(mine).toMatchObject({ email, status: 'new', reviewNote: '', userId: null, reviewedAt: null, proposedLocation: 'Enugu North' });
      expect(list.json().items.find((r: { id: number }) => r.id === signedIn.json().id).userId).toBe(4242);

      let mails: { to: string; subject: string; text: string; links: string[] }[] = [];
      await eventually(async () => {
        mails = (await inject('GET', `${ADMIN_DEV_MAIL_PATH}?to=${encodeURIComponent(email)}`, {})).json();
        return mails.length === 1;
      });
      expect(mails[0]!.subject).toBe('Kora: we received your representative application');
      expect(mails[0]!.text).toContain("We'll review and get back to you shortly");
      expect(mails[0]!.links).toContain('http://kora.test');
    });

    it('answers 400 with every field’s message, the first in error', async () => {
      const res = await inject(
        'POST',
        '/api/representatives',
        {},
        { ...application('not-an-email'), name: '', note: 'short', username: 'a b' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: representativeTexts.nameRequired,
        message: representativeTexts.nameRequired,
        code: 'VALIDATION_FAILED',
        fields: {
          name: representativeTexts.nameRequired,
          username: representativeTexts.usernameChars,
          email: representativeTexts.emailInvalid,
          note: representativeTexts.noteShort,
        },
      });
      const empty = await inject('POST', '/api/representatives', { 'content-type': 'application/json' }, {});
      expect(empty.statusCode).toBe(400);
      expect(Object.keys(empty.json().fields)).toHaveLength(10);
      const long = await inject('POST', '/api/representatives', {}, { ...application(unique()), note: 'x'.repeat(601), phone: 'call me' });
      expect(long.json().fields).toEqual({ phone: representativeTexts.phoneInvalid, note: representativeTexts.noteLong });
      const malformed = await svc.app.inject({
        method: 'POST',
        url: '/api/representatives',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('keeps one open application per e-mail, even when two race', async () => {
      const email = unique();
      const [a, b] = await Promise.all([
        inject('POST', '/api/representatives', {}, application(email)),
        inject('POST', '/api/representatives', {}, application(email.toUpperCase())),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json()).toMatchObject({ error: adminTexts.applicationOpen, code: 'APPLICATION_OPEN' });
      const id = (a.statusCode === 201 ? a : b).json().id;
      // Contacted is still open; once decided, the same person may apply again.
      expect((await inject('PUT', `/api/admin/representatives/${id}`, admin(), { status: 'contacted' })).statusCode).toBe(200);
      expect((await inject('POST', '/api/representatives', {}, application(email))).statusCode).toBe(409);
      expect((await inject('PUT', `/api/admin/representatives/${id}`, admin(), { status: 'rejected' })).statusCode).toBe(200);
      const again = await inject('POST', '/api/representatives', {}, application(email));
      expect(again.statusCode).toBe(201);
      // Re-opening the rejected one now would make two open: refused the same way.
      const reopen = await inject('PUT', `/api/admin/representatives/${id}`, admin(), { status: 'new' });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().error).toBe(adminTexts.applicationOpen);
    });

    it("writes the applicant's mails in the language they applied in, the decision too", async () => {
      const email = unique();
      const sent = await inject('POST', '/api/representatives', { 'accept-language': 'pcm' }, application(email));
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().id;
      const reviewed = await inject(
        'PUT',
        `/api/admin/representatives/${id}`,
        { ...admin(), 'accept-language': 'en' },
        { status: 'rejected', note: '' },
      );
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      let mails: { subject: string; text: string }[] = [];
      await eventually(async () => {
        mails = (await inject('GET', `${ADMIN_DEV_MAIL_PATH}?to=${encodeURIComponent(email)}`, {})).json();
        return mails.length === 2;
      });
      expect(mails.map((m) => m.subject)).toEqual([
        'Kora: dem no accept your representative application',
        'Kora: we don receive your representative application',
      ]);
      expect(mails[1]!.text).toContain('Thank you as you apply to represent Kora for Enugu North.');
      expect(mails[0]!.text).toContain('— Di Kora team');
    });

    it('reviews: status and note saved, the decision mailed once, the review in the audit log', async () => {
      const email = unique();
      const id = (await inject('POST', '/api/representatives', {}, application(email))).json().id;
      const res = await inject('PUT', `/api/admin/representatives/${id}`, admin(), { status: 'accepted', note: 'Called on 26 Nov' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'accepted', reviewNote: 'Called on 26 Nov', reviewedAt: now.toISOString() });
      // The same decision again (a note edit) mails nothing more.
      expect(
        (await inject('PUT', `/api/admin/representatives/${id}`, admin(), { status: 'accepted', note: 'Starts in January' })).statusCode,
      ).toBe(200);

      await eventually(async () => (await inject('GET', `${ADMIN_DEV_MAIL_PATH}?to=${encodeURIComponent(email)}`, {})).json().length === 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = (await inject('GET', `${ADMIN_DEV_MAIL_PATH}?to=${encodeURIComponent(email)}`, {})).json();
      expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
        'Kora: your representative application was accepted',
        'Kora: we received your representative application',
      ]);
      expect(mails[0].text).not.toContain('Called on 26 Nov');

      let entries: { action: string; targetId: string; before: unknown; after: unknown; actorId: number }[] = [];
      await eventually(async () => {
        entries = (await inject('GET', `/api/admin/audit?action=representative.reviewed&actorId=${adminId}&limit=100`, admin())).json()
          .items;
        return entries.filter((e) => e.targetId === String(id)).length === 2;
      });
      const [second, first] = entries.filter((e) => e.targetId === String(id));
      expect(first).toMatchObject({
        actorId: adminId,
        before: { status: 'new', reviewNote: '' },
        after: { status: 'accepted', reviewNote: 'Called on 26 Nov' },
      });
      expect(second).toMatchObject({ before: { status: 'accepted' }, after: { status: 'accepted', reviewNote: 'Starts in January' } });
    });

    it('answers 404 for an unknown application and 400 for a bad id, status or page', async () => {
      const missing = await inject('PUT', '/api/admin/representatives/999999999', admin(), { status: 'accepted' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: adminTexts.applicationNotFound });
      for (const [method, url, body] of [
        ['PUT', '/api/admin/representatives/abc', { status: 'accepted' }],
        ['PUT', '/api/admin/representatives/1', { status: 'hired' }],
        ['GET', '/api/admin/representatives?limit=7', undefined],
        ['GET', '/api/admin/representatives?status=maybe', undefined],
        ['GET', '/api/admin/representatives?page=0', undefined],
      ] as const) {
        const res = await inject(method, url, admin(), body);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      }
    });

    it('pages newest first and filters by status', async () => {
      const res = await inject('GET', '/api/admin/representatives?status=accepted&limit=10', admin());
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.items.every((r: { status: string }) => r.status === 'accepted')).toBe(true);
      expect(page).toMatchObject({ hasPrev: false, totalPages: Math.max(1, Math.ceil(page.total / 10)) });
      const all = (await inject('GET', '/api/admin/representatives?limit=100', admin())).json().items as {
        createdAt: string;
        id: number;
      }[];
      const sorted = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      expect(all.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    });
  });

  describe('audit log', () => {
    it("stores other services' admin.action-recorded once, newest first, with the actor's username", async () => {
      const actor = adminId + 7;
      await publishEvent(
        svc,
        'user.registered',
        { ...memberSnapshot(actor, 'chief'), email: `${actor}@example.ng`, createdAt: new Date().toISOString() },
        actor,
        actor,
      );
      const payload = (action: 'user.suspended' | 'post.removed', targetId: string, at: string) => ({
        actorId: actor,
        action,
        targetType: action === 'user.suspended' ? ('user' as const) : ('post' as const),
        targetId,
        before: { status: 'active' },
        after: { status: 'suspended' },
        occurredAt: at,
      });
      const first = await publishEvent(
        svc,
        'admin.action-recorded',
        payload('user.suspended', '7', '2026-11-26T10:00:00.000Z'),
        'user:7',
        actor,
      );
      await publishEvent(svc, 'admin.action-recorded', payload('post.removed', '42', '2026-11-26T11:00:00.000Z'), 'post:42', actor);
      // A redelivery of the first (same envelope) is not a second row.
      await svc.adapters.bus.publish([{ topic: 'admin.audit', key: 'user:7', value: JSON.stringify(first) }]);

      const list = async (query: string) => (await inject('GET', `/api/admin/audit?actorId=${actor}${query}`, admin())).json();
      await eventually(async () => (await list('')).total === 2 && (await list('')).items[0].actorUsername === 'chief');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const page = await list('');
      expect(page).toMatchObject({ total: 2, totalPages: 1, hasPrev: false, hasNext: false });
      expect(page.items.map((e: { action: string }) => e.action)).toEqual(['post.removed', 'user.suspended']);
      expect(page.items[1]).toMatchObject({
        actorId: actor,
        actorUsername: 'chief',
        actorName: 'Ada Obi',
        targetType: 'user',
        targetId: '7',
        before: { status: 'active' },
        after: { status: 'suspended' },
        createdAt: '2026-11-26T10:00:00.000Z',
      });
      expect((await list('&action=user.suspended')).items).toHaveLength(1);
      const paged = await list('&limit=10&page=2');
      expect(paged).toMatchObject({ items: [], total: 2, hasPrev: true, hasNext: false });
    });

    it('records a site-settings change with the section before and after, the SMTP password masked', async () => {
      const put = await inject('PUT', '/api/admin/settings/email', admin(), { smtpPassword: 'hunter2-secret', fromName: 'Kora Audit' });
      expect(put.statusCode).toBe(200);
      let entry: { before: Record<string, unknown>; after: Record<string, unknown>; targetType: string; targetId: string } | undefined;
      await eventually(async () => {
        entry = (await inject('GET', `/api/admin/audit?action=settings.updated&actorId=${adminId}`, admin())).json().items[0];
        return entry !== undefined;
      });
      expect(entry).toMatchObject({
        targetType: 'settings',
        targetId: 'email',
        before: { smtpPassword: '', fromName: 'Kora' },
        after: { smtpPassword: '********', fromName: 'Kora Audit' },
      });
      expect(JSON.stringify(entry)).not.toContain('hunter2');
      await inject('PUT', '/api/admin/settings/email', admin(), { smtpPassword: '', fromName: 'Kora' });
    });

    it('writes nothing for a save that changes nothing: no event, no audit entry', async () => {
      const saved = (await inject('GET', '/api/admin/settings', admin())).json().general;
      const count = async () =>
        (await outboxEvents(svc)).filter((e) => e.type === 'admin.action-recorded' || e.type === 'site-settings.updated').length;
      const before = await count();
      const put = await inject('PUT', '/api/admin/settings/general', admin(), {
        siteName: saved.siteName,
        allowSignups: saved.allowSignups,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ section: 'general', values: saved });
      expect(await count()).toBe(before);
      const changed = await inject('PUT', '/api/admin/settings/general', admin(), { siteName: `${saved.siteName} Naija` });
      expect(changed.statusCode).toBe(200);
      expect(await count()).toBe(before + 2);
      await inject('PUT', '/api/admin/settings/general', admin(), { siteName: saved.siteName });
    });

    it('answers an unknown member as memberN and refuses bad filters with 400', async () => {
      const stranger = adminId + 99;
      await publishEvent(
        svc,
        'admin.action-recorded',
        {
          actorId: stranger,
          action: 'comment.removed',
          targetType: 'comment',
          targetId: '5',
          before: null,
          after: null,
          occurredAt: new Date().toISOString(),
        },
        'comment:5',
        stranger,
      );
      await eventually(async () => (await inject('GET', `/api/admin/audit?actorId=${stranger}`, admin())).json().total === 1);
      expect((await inject('GET', `/api/admin/audit?actorId=${stranger}`, admin())).json().items[0].actorUsername).toBe(
        `member${stranger}`,
      );
      for (const query of ['action=user.deleted', 'actorId=-1', 'limit=15', 'page=x']) {
        const res = await inject('GET', `/api/admin/audit?${query}`, admin());
        expect(res.statusCode, query).toBe(400);
      }
    });
  });
});
