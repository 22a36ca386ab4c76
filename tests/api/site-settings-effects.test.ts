/**
 * Each site setting's effect, end to end: an admin changes it through the gateway
 * (PUT /api/admin/settings/{section}), the change travels as `site-settings.updated`, and a member
 * (or a visitor) meets it in the service that enforces it. Every test puts back what it changed
 * (the product is shared with the other files).
 *
 * Already covered elsewhere, not repeated here: the reels switch (foundation.test.ts,
 * reels.test.ts), stories (stories.test.ts) and payments (wallet.test.ts) switches; the upload size
 * at its default (posts.test.ts); CORS and switches inside the gateway (gateway/src/site-settings.test.ts).
 */
import { authTexts, featureOffMessage, mediaTexts, postTexts, type SiteSettings, type SiteSettingsSection } from '@kora/contracts';
import { eventually, recipientsOf, representativeApplication as application, startSmtpSink, type SmtpSink } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../browser/support/png.js';
import { filesForm, makeVideo } from '../support/media-files.js';
import { activationPath, waitForMail } from '../support/mail.js';
import { auth, json, newMember, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, bearer, body, MODE } from './support/product.js';

const tag = randomBytes(3).toString('hex');
const adminHeaders = async () => ({ ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' });

async function sectionNow<S extends SiteSettingsSection>(section: S): Promise<SiteSettings[S]> {
  const res = await api('/api/admin/settings', { headers: await adminHeaders() });
  expect(res.status).toBe(200);
  return (await body<SiteSettings>(res))[section];
}

async function putSection<S extends SiteSettingsSection>(section: S, values: Partial<SiteSettings[S]>): Promise<void> {
  const res = await api(`/api/admin/settings/${section}`, { method: 'PUT', headers: await adminHeaders(), body: JSON.stringify(values) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Changes a section for `run`, then puts back every field it touched (a masked password keeps the secret). */
async function withSection<S extends SiteSettingsSection>(
  section: S,
  changes: Partial<SiteSettings[S]>,
  run: () => Promise<void>,
): Promise<void> {
  const before = await sectionNow(section);
  const restore = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof SiteSettings[S]]])) as Partial<SiteSettings[S]>;
  await putSection(section, changes);
  try {
    await run();
  } finally {
    await putSection(section, restore);
  }
}

const upload = (token: string, file: { data: Buffer; name: string; type: string }) =>
  api('/api/media/upload', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: filesForm([file]) });
const errorOf = async (res: Response) =>
  ({
    status: res.status,
    ...(await res
      .clone()
      .json()
      .catch(() => ({}))),
  }) as { status: number; message?: string; code?: string };

describe(`site settings take effect (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;

  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
  });

  it('general.allowSignups off refuses sign-up with its text; on again lets people in', async () => {
    await withSection('general', { allowSignups: false }, async () => {
      await eventually(async () => (await api('/api/signUp', json(newMember()))).status === 403);
      const refused = await api('/api/signUp', json(newMember()));
      expect(await refused.json()).toMatchObject({ error: authTexts.signUpsClosed, message: authTexts.signUpsClosed });
    });
    await eventually(async () => (await api('/api/signUp', json(newMember()))).status === 201);
  });

  it('features.groups off answers 404 FEATURE_DISABLED on every groups path, on again serves them', async () => {
    const code = async (path: string) => (await errorOf(await api(path, auth(ada.token)))).code;
    await withSection('features', { groups: false }, async () => {
      await eventually(async () => (await code('/api/groups')) === 'FEATURE_DISABLED');
      for (const path of ['/api/groups', '/api/groups/1', '/api/groups/1/posts']) {
        const off = await api(path, auth(ada.token));
        expect(off.status, path).toBe(404);
        expect(await off.json()).toEqual({
          error: featureOffMessage('groups'),
          message: featureOffMessage('groups'),
          code: 'FEATURE_DISABLED',
        });
      }
    });
    await eventually(async () => (await api('/api/groups', auth(ada.token))).status === 200);
  });

  describe('moderation', () => {
    const banned = `zobo${tag}`;
    let target: { id: number };

    beforeAll(async () => {
      target = await createPost(ada, 'Comment on me');
    });

    it('maxPostLength and badWords refuse posts; badWords refuse comments', async () => {
      await withSection('moderation', { maxPostLength: 40, badWords: [banned] }, async () => {
        const tooLong = 'x'.repeat(41);
        await eventually(
          async () =>
            (await errorOf(await api('/api/posts', json({ userId: ada.user.user_id, content: tooLong, media: [] }, ada.token)))).status ===
            400,
        );
        const long = await errorOf(await api('/api/posts', json({ userId: ada.user.user_id, content: tooLong, media: [] }, ada.token)));
        expect(long).toMatchObject({ status: 400, message: postTexts.tooLong(40) });
        expect((await api('/api/posts', json({ userId: ada.user.user_id, content: 'x'.repeat(40), media: [] }, ada.token))).status).toBe(
          201,
        );

        const rude = await errorOf(
          await api('/api/posts', json({ userId: ada.user.user_id, content: `so ${banned} today`, media: [] }, ada.token)),
        );
        expect(rude).toMatchObject({ status: 400, message: postTexts.badWords });
        const rudeComment = await errorOf(await api(`/api/posts/${target.id}/comment`, json({ content: `what ${banned}` }, bola.token)));
        expect(rudeComment).toMatchObject({ status: 400, message: postTexts.commentBadWords });
      });
      // Back to the old values: the same post and comment go through.
      await eventually(
        async () => (await api(`/api/posts/${target.id}/comment`, json({ content: `what ${banned}` }, bola.token))).status === 201,
      );
      expect((await api('/api/posts', json({ userId: ada.user.user_id, content: 'x'.repeat(41), media: [] }, ada.token))).status).toBe(201);
    });

    it('maxPostLength refuses comments longer than it (the lower of it and the fixed comment limit applies)', async () => {
      await withSection('moderation', { maxPostLength: 40 }, async () => {
        await eventually(
          async () =>
            (await errorOf(await api('/api/posts', json({ userId: ada.user.user_id, content: 'x'.repeat(41), media: [] }, ada.token))))
              .status === 400,
        );
        const long = await errorOf(await api(`/api/posts/${target.id}/comment`, json({ content: 'y'.repeat(41) }, bola.token)));
        expect(long).toMatchObject({ status: 400, message: postTexts.commentTooLong(40) });
      });
    });
  });

  describe('storage', () => {
    it('maxUploadMB refuses larger files at the new size', async () => {
      const big = Buffer.concat([solidPng(300), Buffer.alloc(1.5 * 1024 * 1024, 1)]);
      await withSection('storage', { maxUploadMB: 1 }, async () => {
        await eventually(async () => (await upload(ada.token, { data: big, name: 'big.png', type: 'image/png' })).status === 413);
        const refused = await errorOf(await upload(ada.token, { data: big, name: 'big.png', type: 'image/png' }));
        expect(refused).toMatchObject({ status: 413, message: mediaTexts.tooLarge(1) });
        expect((await upload(ada.token, { data: solidPng(50), name: 'small.png', type: 'image/png' })).status).toBe(201);
      });
      await eventually(async () => (await upload(ada.token, { data: big, name: 'big.png', type: 'image/png' })).status === 201);
    });

    it('allowedImageMime and allowedVideoMime refuse the types taken off the lists', async () => {
      const png = { data: solidPng(60), name: 'p.png', type: 'image/png' };
      const webm = { data: await makeVideo(1, 'webm'), name: 'clip.webm', type: 'video/webm' };
      const before = await sectionNow('storage');
      await withSection(
        'storage',
        {
          allowedImageMime: before.allowedImageMime.filter((m) => m !== 'image/png'),
          allowedVideoMime: before.allowedVideoMime.filter((m) => m !== 'video/webm'),
        },
        async () => {
          await eventually(async () => (await upload(ada.token, png)).status === 415);
          expect(await errorOf(await upload(ada.token, png))).toMatchObject({ status: 415, message: mediaTexts.unsupported });
          expect(await errorOf(await upload(ada.token, webm))).toMatchObject({ status: 415, message: mediaTexts.unsupported });
        },
      );
      await eventually(async () => (await upload(ada.token, png)).status === 201);
      expect((await upload(ada.token, webm)).status).toBe(201);
    }, 60_000);
  });

  describe('email', () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => sink?.close());

    const arrived = (to: string, timeoutMs = 1_500) =>
      sink
        .waitFor((m) => recipientsOf(m).includes(to.toLowerCase()), timeoutMs)
        .then(
          (m) => m,
          () => null,
        );

    it("sends every service's mail through the admin's SMTP host and port, from their sender, and back to the deployment's after", async () => {
      const fromEmail = `effects.${tag}@kora.test`;
      const smtp = { smtpHost: '127.0.0.1', smtpPort: Number(new URL(sink.url).port), fromName: `Kora Effects ${tag}`, fromEmail };
      await withSection('email', smtp, async () => {
        // Auth: an activation mail (sign-up), once auth has the new settings.
        let activation = null as Awaited<ReturnType<typeof arrived>>;
        await eventually(async () => {
          const member = newMember();
          expect((await api('/api/signUp', json(member))).status).toBe(201);
          activation = await arrived(member.email);
          return activation !== null;
        }, 30_000);
        expect(activation!.subject).toMatch(/activate/i);
        expect(activation!.from).toMatchObject({ address: fromEmail, name: `Kora Effects ${tag}` });

        // Admin: a representative application's confirmation.
        let confirmation = null as Awaited<ReturnType<typeof arrived>>;
        await eventually(async () => {
          const email = `rep.${randomBytes(4).toString('hex')}@example.ng`;
          expect((await api('/api/representatives', json(application(email)))).status).toBe(201);
          confirmation = await arrived(email);
          return confirmation !== null;
        }, 30_000);
        expect(confirmation!.from).toMatchObject({ address: fromEmail, name: `Kora Effects ${tag}` });
      });
      // Host cleared: mail goes the deployment's way again (the harness's sink, or the dev outbox).
      await eventually(async () => {
        const member = newMember();
        expect((await api('/api/signUp', json(member))).status).toBe(201);
        const mail = await waitForMail(member.email, /activ/i, 3_000).catch(() => null);
        return mail !== null && (await arrived(member.email, 100)) === null;
      }, 30_000);
    }, 90_000);

    it("puts general.siteName in mails' subjects and general.siteUrl in their links", async () => {
      const siteName = `Kora ${tag}`;
      const siteUrl = `https://effects-${tag}.kora.test`;
      await withSection('general', { siteName, siteUrl }, async () => {
        // Auth's activation mail.
        let activation = null as Awaited<ReturnType<typeof waitForMail>> | null;
        await eventually(async () => {
          const member = newMember();
          expect((await api('/api/signUp', json(member))).status).toBe(201);
          activation = await waitForMail(member.email, /activ/i, 5_000);
          return activation.subject.includes(siteName);
        }, 30_000);
        expect(activation!.subject).toBe(`Activate your ${siteName} account`);
        expect(activation!.text).toContain(`${siteUrl}/activate/`);
        expect(activationPath(activation!.text)).toMatch(/^\/activate\//);

        // The admin service's representative confirmation.
        let confirmation = null as Awaited<ReturnType<typeof waitForMail>> | null;
        await eventually(async () => {
          const email = `rep.${randomBytes(4).toString('hex')}@example.ng`;
          expect((await api('/api/representatives', json(application(email)))).status).toBe(201);
          confirmation = await waitForMail(email, /representative/i, 5_000);
          return confirmation.subject.startsWith(siteName);
        }, 30_000);
        expect(confirmation!.subject).toBe(`${siteName}: we received your representative application`);
        expect(confirmation!.text).toContain(siteUrl);
      });
    }, 90_000);
  });

  it('security.corsOrigins: an origin on the list gets CORS headers, one off it does not', async () => {
    const partner = `https://partner-${tag}.example.com`;
    const stranger = `https://stranger-${tag}.example.com`;
    const allowOrigin = async (origin: string) =>
      (await api('/api/posts', { headers: { origin } })).headers.get('access-control-allow-origin');
    expect(await allowOrigin(partner)).toBeNull();
    await withSection('security', { corsOrigins: [partner] }, async () => {
      await eventually(async () => (await allowOrigin(partner)) === partner);
      expect(await allowOrigin(stranger)).toBeNull();
      const preflight = await api('/api/posts', {
        method: 'OPTIONS',
        headers: { origin: partner, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(partner);
    });
    await eventually(async () => (await allowOrigin(partner)) === null);
  });
});
