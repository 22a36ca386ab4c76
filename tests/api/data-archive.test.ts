/**
 * "Download your data" through the product (decision 035): a member with a post carrying a photo
 * and a wallet top-up asks for an archive; it is built by the job from every service's export,
 * announced, and downloaded by its link; the ZIP holds the post, the photo file itself and the
 * wallet transaction. A second request (and two at once) is refused; another member and an
 * anonymous caller get nothing with the link.
 */
import { archiveTexts, type ArchiveStatus, type UploadAnswer } from '@kora/contracts';
import { readUntil, readZip, zipJson } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../browser/support/png.js';
import { filesForm } from '../support/media-files.js';
import { auth, signedInMember } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';
import { topUp } from './support/wallet.js';

const archiveOf = async (token: string) => body<ArchiveStatus>(await api('/api/media/archive', auth(token)));
const ask = (token: string) => api('/api/media/archive', { method: 'POST', ...auth(token) });

describe(`the data archive (${MODE})`, () => {
  it('holds the member’s post, its photo and a wallet transaction, for the member only', { timeout: 180_000 }, async () => {
    const me = await signedInMember();
    const photo = solidPng();
    const uploaded = await api('/api/media/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}` },
      body: filesForm([{ data: photo, name: 'a.png', type: 'image/png' }]),
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await body<UploadAnswer>(uploaded)).files;
    const stored = Buffer.from(await (await api(file!.url)).arrayBuffer());
    const post = await createPost(me, 'Archived with its photo', [{ url: file!.url }]);
    await topUp(me, 500);

    // Two at once: one is taken, the other refused with the product's text.
    const answers = await Promise.all([ask(me.token), ask(me.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toMatchObject({ message: archiveTexts.tooSoon, code: 'ARCHIVE_TOO_SOON' });

    const ready = await readUntil(
      () => archiveOf(me.token),
      (s) => s.state !== 'preparing',
      120_000,
      500,
    );
    expect(ready).toMatchObject({ state: 'ready', downloadUrl: expect.stringMatching(/^\/api\/media\/archive\/download\?token=/) });
    expect((await ask(me.token)).status).toBe(429);

    const res = await api(ready.downloadUrl!, auth(me.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = readZip(Buffer.from(await res.arrayBuffer()));
    const posts = zipJson<{ id: number; content: string; media: string[] }[]>(zip, 'posts/posts.json');
    expect(posts).toEqual([expect.objectContaining({ id: post.id, content: 'Archived with its photo', media: [file!.url] })]);
    const key = file!.url.replace(/^\/uploads\//, '');
    expect(zip.get(`files/${key}`)?.read().equals(stored)).toBe(true);
    const transactions = zipJson<{ type: string; amountKobo: number }[]>(zip, 'wallet/transactions.json');
    expect(transactions).toEqual([expect.objectContaining({ type: 'top_up', amountKobo: 50_000 })]);
    expect(zipJson<{ username: string }[]>(zip, 'auth/profile.json')).toEqual([expect.objectContaining({ username: me.member.username })]);

    // The link is the member's: anonymous 401, another member 403.
    expect((await api(ready.downloadUrl!)).status).toBe(401);
    const other = await signedInMember();
    const theirs = await api(ready.downloadUrl!, auth(other.token));
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toMatchObject({ message: archiveTexts.notYours });
  });
});
