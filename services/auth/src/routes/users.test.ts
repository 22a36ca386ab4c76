import { authTexts, DEFAULT_AVATAR, defaultSiteSettings, encodeProfileId } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectErrorShape,
  fakePng,
  multipart,
  outboxEvents,
  seedMember,
  startAuth,
  startMediaStub,
  type AuthTestService,
  type FormPart,
} from '../test-support.js';

describe(`profiles, search and images (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let media: Awaited<ReturnType<typeof startMediaStub>>;

  beforeAll(async () => {
    media = await startMediaStub();
    svc = await startAuth({ media: media.url });
  });
  afterAll(async () => {
    await svc?.close();
    await media?.close();
  });

  const as = (userId: number) => svc.as({ userId });
  const get = (url: string, headers: Record<string, string> = {}) => svc.app.inject({ method: 'GET', url, headers });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    svc.app.inject({ method: 'PUT', url, payload: payload as object, headers });
  const upload = (url: string, parts: FormPart[], headers: Record<string, string>) => {
    const body = multipart(parts);
    return svc.app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const png = (name = 'avatar', size?: number): FormPart => ({ name, filename: 'me.png', contentType: 'image/png', data: fakePng(size) });

  describe('GET /api/users/:id', () => {
    it('answers the profile by plain and by encoded id', async () => {
      const owner = await seedMember(svc, { firstname: 'Emeka', lastname: 'Okafor' });
      const viewer = await seedMember(svc);
      for (const id of [String(owner.userId), encodeProfileId(owner.userId)]) {
        const res = await get(`/api/users/${id}`, as(viewer.userId));
        expect(res.statusCode, id).toBe(200);
        expect(res.json()).toEqual({
          visibility: 'full',
          user_id: owner.userId,
          profileId: encodeProfileId(owner.userId),
          username: owner.username,
          firstname: 'Emeka',
          lastname: 'Okafor',
          name: 'Emeka Okafor',
          profileImage: DEFAULT_AVATAR,
          coverImage: null,
          bio: '',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          details: { city: '', country: '', work: '', education: '', website: '' },
        });
      }
    });

    it('answers 404 "User not found" for unknown, pending and garbage ids', async () => {
      const viewer = await seedMember(svc);
      const pending = await seedMember(svc, { status: 'pending' });
      for (const id of [
        '987654321',
        String(pending.userId),
        encodeProfileId(pending.userId),
        'garbage',
        '12abc',
        '-1',
        '0x10',
        encodeProfileId(987654321),
      ]) {
        const res = await get(`/api/users/${encodeURIComponent(id)}`, as(viewer.userId));
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: 'User not found', message: 'User not found', code: 'USER_NOT_FOUND' });
        expect(res.json().message).toMatch(/not found/i);
      }
    });

    it('hides suspended members from other members, not from admins', async () => {
      const banned = await seedMember(svc, { status: 'suspended' });
      const viewer = await seedMember(svc);
      expect((await get(`/api/users/${banned.userId}`, as(viewer.userId))).statusCode).toBe(404);
      expect((await get(`/api/users/${banned.userId}`, svc.as({ userId: 1, role: 'admin' }))).statusCode).toBe(200);
    });

    it('answers anonymous callers only the card (names and picture), whatever the owner chose', async () => {
      const owner = await seedMember(svc, { firstname: 'Emeka', lastname: 'Okafor' });
      const res = await get(`/api/users/${owner.userId}`);
      expect(res.statusCode).toBe(200);
      // Every audience and caller: privacy.test.ts.
      expect(res.json()).toMatchObject({
        visibility: 'limited',
        limitedBy: 'sign_in',
        user_id: owner.userId,
        firstname: 'Emeka',
        name: 'Emeka Okafor',
      });
      expect(res.json()).not.toHaveProperty('bio');
    });
  });

  describe('PUT /api/users/:id', () => {
    it('lets the owner change names and bio, and announces the change', async () => {
      const owner = await seedMember(svc);
      const res = await put(
        `/api/users/${encodeProfileId(owner.userId)}`,
        { firstname: ' Ngozi ', bio: 'Tailor in Aba' },
        as(owner.userId),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user_id: owner.userId,
        firstname: 'Ngozi',
        lastname: owner.lastname,
        name: `Ngozi ${owner.lastname}`,
        bio: 'Tailor in Aba',
      });
      const events = (await outboxEvents(svc, 'user.updated')).filter((e) => e.aggregateId === String(owner.userId));
      expect(events.at(-1)!.payload).toMatchObject({
        userId: owner.userId,
        firstname: 'Ngozi',
        bio: 'Tailor in Aba',
        username: owner.username,
      });
      // Nothing to change: the profile as it is, no event.
      const same = await put(`/api/users/${owner.userId}`, {}, as(owner.userId));
      expect(same.statusCode).toBe(200);
      expect((await outboxEvents(svc, 'user.updated')).filter((e) => e.aggregateId === String(owner.userId))).toHaveLength(events.length);
    });

    it('refuses anonymous callers (401), other members (403) and unknown ids (404)', async () => {
      const owner = await seedMember(svc);
      const other = await seedMember(svc);
      const anon = await put(`/api/users/${owner.userId}`, { bio: 'x' });
      expect(anon.statusCode).toBe(401);
      const forbidden = await put(`/api/users/${owner.userId}`, { bio: 'hacked' }, as(other.userId));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
      const admin = await put(`/api/users/${owner.userId}`, { bio: 'hacked' }, svc.as({ userId: 1, role: 'admin' }));
      expect(admin.statusCode).toBe(403);
      expect((await put('/api/users/garbage', { bio: 'x' }, as(owner.userId))).statusCode).toBe(404);
      const [row] = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, owner.userId));
      expect(row!.bio).toBe('');
    });

    it('answers each validation rule with its text', async () => {
      const owner = await seedMember(svc);
      const cases: [unknown, string][] = [
        [{ firstname: '' }, authTexts.fillAllFields],
        [{ lastname: 'x'.repeat(51) }, authTexts.nameInvalid],
        [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
      ];
      for (const [body, message] of cases) {
        const res = await put(`/api/users/${owner.userId}`, body, as(owner.userId));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message, message, code: 'VALIDATION_FAILED' });
      }
      for (const payload of [{ bio: 42 }, [1, 2]]) {
        const res = await put(`/api/users/${owner.userId}`, payload, as(owner.userId));
        expect(res.statusCode).toBe(400);
        expectErrorShape(res.json());
      }
      const malformed = await svc.app.inject({
        method: 'PUT',
        url: `/api/users/${owner.userId}`,
        headers: { ...as(owner.userId), 'content-type': 'application/json' },
        payload: '{bio',
      });
      expect(malformed.statusCode).toBe(400);
      expectErrorShape(malformed.json());
    });
  });

  describe('GET /api/users/search', () => {
    it('finds active members by username, first, last or full name, in any case', async () => {
      const tag = `srch${Date.now() % 1_000_000}`;
      const a = await seedMember(svc, { username: `${tag}_tunde`, firstname: 'Tunde', lastname: 'Bakare' });
      const b = await seedMember(svc, { username: `${tag}_amaka`, firstname: 'Amaka', lastname: 'Tundeson' });
      await seedMember(svc, { username: `${tag}_pending`, status: 'pending' });
      await seedMember(svc, { username: `${tag}_banned`, status: 'suspended' });
      const viewer = await seedMember(svc);

      const byTag = (await get(`/api/users/search?q=${tag.toUpperCase()}`, as(viewer.userId))).json();
      expect(byTag.map((u: { user_id: number }) => u.user_id).sort()).toEqual([a.userId, b.userId].sort());
      expect(byTag.find((u: { user_id: number }) => u.user_id === a.userId)).toEqual({
        id: a.userId,
        user_id: a.userId,
        user_name: a.username,
        firstname: 'Tunde',
        lastname: 'Bakare',
        name: 'Tunde Bakare',
        profileImage: DEFAULT_AVATAR,
      });
      const byName = (await get(`/api/users/search?q=${encodeURIComponent('tunde bak')}`, as(viewer.userId))).json();
      expect(byName.map((u: { user_id: number }) => u.user_id)).toContain(a.userId);
    });

    it('takes % and _ literally, answers [] for a blank query and at most 20 members', async () => {
      const viewer = await seedMember(svc);
      const tag = `many${Date.now() % 1_000_000}`;
      for (let i = 0; i < 22; i++) await seedMember(svc, { username: `${tag}x${i}` });
      const many = (await get(`/api/users/search?q=${tag}`, as(viewer.userId))).json();
      expect(many).toHaveLength(20);
      // Nobody's name holds a '%'; a wildcard would match everyone.
      expect((await get(`/api/users/search?q=${encodeURIComponent('%')}`, as(viewer.userId))).json()).toEqual([]);
      const underscore = (await get(`/api/users/search?q=_`, as(viewer.userId))).json();
      expect(underscore.length).toBeGreaterThan(0);
      expect(underscore.every((u: { user_name: string }) => u.user_name.includes('_'))).toBe(true);
      for (const q of ['', '%20%20', '%09']) {
        const res = await get(`/api/users/search?q=${q}`, as(viewer.userId));
        expect(res.json()).toEqual([]);
      }
      expect((await get('/api/users/search', as(viewer.userId))).json()).toEqual([]);
      const long = await get(`/api/users/search?q=${'x'.repeat(101)}`, as(viewer.userId));
      expect(long.statusCode).toBe(400);
      expectErrorShape(long.json());
      expect((await get('/api/users/search?q=a')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/users/:id/avatar and /cover', () => {
    it('forwards the image to the media service and keeps the url it answers', async () => {
      const owner = await seedMember(svc);
      const image = png();
      const res = await upload(`/api/users/${owner.userId}/avatar`, [image], as(owner.userId));
      expect(res.statusCode, res.body).toBe(200);
      const { avatarUrl } = res.json();
      expect(avatarUrl).toMatch(/^\/uploads\/profile\/[0-9a-f]+\.webp$/);
      const call = media.calls.at(-1)!;
      expect(call).toMatchObject({ path: '/internal/images', kind: 'avatar', field: 'file', filename: 'me.png', type: 'image/png' });
      expect(call.caller).toBeTruthy(); // signed as a service call
      expect(call.bytes.equals(image.data as Buffer)).toBe(true);
      expect((await get(`/api/users/${owner.userId}`, as(owner.userId))).json().profileImage).toBe(avatarUrl);
      const events = (await outboxEvents(svc, 'user.updated')).filter((e) => e.aggregateId === String(owner.userId));
      expect(events.at(-1)!.payload).toMatchObject({ profileImage: avatarUrl });

      const cover = await upload(`/api/users/${encodeProfileId(owner.userId)}/cover`, [png()], as(owner.userId));
      expect(cover.statusCode).toBe(200);
      expect(media.calls.at(-1)!.kind).toBe('cover');
      const profile = (await get(`/api/users/${owner.userId}`, as(owner.userId))).json();
      expect(profile).toMatchObject({ profileImage: avatarUrl, coverImage: cover.json().avatarUrl });
    });

    it('passes the media service refusals through', async () => {
      const owner = await seedMember(svc);
      const res = await upload(
        `/api/users/${owner.userId}/avatar`,
        [{ name: 'avatar', filename: 'a.txt', contentType: 'text/plain', data: 'not an image' }],
        as(owner.userId),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'Only JPEG, PNG, GIF or WebP images are accepted',
        message: 'Only JPEG, PNG, GIF or WebP images are accepted',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect((await get(`/api/users/${owner.userId}`, as(owner.userId))).json().profileImage).toBe(DEFAULT_AVATAR);
    });

    it('asks for an image when the file is missing or in another field', async () => {
      const owner = await seedMember(svc);
      const url = `/api/users/${owner.userId}/avatar`;
      const calls = media.calls.length;
      const answers = [
        await upload(url, [], as(owner.userId)),
        await upload(url, [png('file')], as(owner.userId)),
        await upload(url, [{ name: 'caption', data: 'hi' }, png()], as(owner.userId)),
        await put(url, { avatar: 'x' }, as(owner.userId)),
        await svc.app.inject({ method: 'PUT', url, headers: as(owner.userId) }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: authTexts.imageRequired, message: authTexts.imageRequired, code: 'IMAGE_REQUIRED' });
      }
      expect(media.calls.length).toBe(calls);
    });

    it('asks for an image when the upload is cut short mid-file (a truncated form), never a 5xx', async () => {
      // Found by the fuzzer (tests/api/fuzz.test.ts): the broken upload was reported as media being down (503).
      const owner = await seedMember(svc);
      const whole = multipart([png('avatar', 64 * 1024)]);
      const res = await svc.app.inject({
        method: 'PUT',
        url: `/api/users/${owner.userId}/avatar`,
        payload: whole.payload.subarray(0, 300),
        headers: { ...as(owner.userId), ...whole.headers },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: authTexts.imageRequired, message: authTexts.imageRequired, code: 'IMAGE_REQUIRED' });
    });

    it('refuses images over the size the admin allows, without storing anything', async () => {
      const owner = await seedMember(svc);
      const spy = vi
        .spyOn(svc.ctx.siteSettings, 'current')
        .mockReturnValue({ ...defaultSiteSettings, storage: { ...defaultSiteSettings.storage, maxUploadMB: 1 } });
      try {
        const res = await upload(`/api/users/${owner.userId}/avatar`, [png('avatar', 1024 * 1024 + 10)], as(owner.userId));
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          error: 'The image is too large (at most 1 MB)',
          message: 'The image is too large (at most 1 MB)',
          code: 'PAYLOAD_TOO_LARGE',
        });
      } finally {
        spy.mockRestore();
      }
      expect((await get(`/api/users/${owner.userId}`, as(owner.userId))).json().profileImage).toBe(DEFAULT_AVATAR);
    });

    it("refuses anonymous callers (401) and someone else's profile (403)", async () => {
      const owner = await seedMember(svc);
      const other = await seedMember(svc);
      const calls = media.calls.length;
      for (const kind of ['avatar', 'cover']) {
        const anon = await upload(`/api/users/${owner.userId}/${kind}`, [png()], {});
        expect(anon.statusCode).toBe(401);
        const forbidden = await upload(`/api/users/${owner.userId}/${kind}`, [png()], as(other.userId));
        expect(forbidden.statusCode).toBe(403);
        expectErrorShape(forbidden.json());
      }
      expect(media.calls.length).toBe(calls);
    });

    it('answers 503 when the media service is unreachable', async () => {
      const down = await startAuth({ media: 'http://127.0.0.1:9' });
      try {
        const owner = await seedMember(down);
        const body = multipart([png()]);
        const direct = await down.app.inject({
          method: 'PUT',
          url: `/api/users/${owner.userId}/avatar`,
          payload: body.payload,
          headers: { ...down.as({ userId: owner.userId }), ...body.headers },
        });
        expect(direct.statusCode).toBe(503);
        expect(direct.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      } finally {
        await down.close();
      }
    });
  });
});
