/**
 * `npm run backup` / `npm run restore` end to end: the real commands on a real product's data
 * folder, and the restored data read back through the API (a post, a deleted one back, an uploaded
 * photo, a sign-in), not just compared as files.
 */
import type { Post, UploadAnswer } from '@kora/contracts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../lib/build.mjs';
import { pickPort } from '../lib/proc.mjs';
import { startEmbeddedChild, type EmbeddedChild } from './embedded-process.js';

const command = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.resolve('scripts', script), ...args], { encoding: 'utf8', timeout: 120_000 });

describe('npm run backup / npm run restore on the embedded product', () => {
  let work: string;
  let data: string;
  let port: number;
  let product: EmbeddedChild | undefined;

  beforeAll(async () => {
    ensureWebBuild();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-restore-'));
    data = path.join(work, 'data');
    // Kept across restarts: pickPort's range is below the ephemeral one, which outgoing connections take.
    port = await pickPort('backup test product');
    process.env.KORA_BASE_URL = `http://127.0.0.1:${port}`; // read by the API helpers when they load
  });

  afterAll(async () => {
    await product?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores a backup that the product then serves through its API', async () => {
    const { auth, json, signIn, signedInMember } = await import('../../tests/api/support/members.js');
    const { api, body } = await import('../../tests/api/support/product.js');
    const { solidPng } = await import('../../tests/browser/support/png.js');
    const { filesForm } = await import('../../tests/support/media-files.js');

    product = await startEmbeddedChild(data, port);
    const ada = await signedInMember();
    const uploaded = await api('/api/media/upload', {
      method: 'POST',
      headers: auth(ada.token).headers,
      body: filesForm([{ data: solidPng(200), name: 'p.png', type: 'image/png' }]),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const photo = (await body<UploadAnswer>(uploaded)).urls[0]!;
    const photoBytes = Buffer.from(await (await api(photo)).arrayBuffer());
    const kept = await body<Post>(
      await api(
        '/api/posts',
        json({ userId: ada.user.user_id, content: 'before the backup', media: [{ url: photo, type: 'image' }] }, ada.token),
      ),
    );

    const refused = command('backup.mjs', '--data', data, '--out', path.join(work, 'live.tar.gz'));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^backup: Kora is running on .*Stop it first/);

    await product.stop();
    const archive = path.join(work, 'kora.tar.gz');
    const made = command('backup.mjs', '--data', data, '--out', archive);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Backed up .* files, .* MB\) to .*kora\.tar\.gz\nchecksum [0-9a-f]{64}\n$/);

    // Change the data after the backup: delete the kept post, write a new one.
    product = await startEmbeddedChild(data, port);
    expect((await api(`/api/posts/${kept.id}`, { method: 'DELETE', headers: auth(ada.token).headers })).status).toBe(200);
    const later = await body<Post>(
      await api('/api/posts', json({ userId: ada.user.user_id, content: 'after the backup', media: [] }, ada.token)),
    );
    expect((await api(`/api/posts/${kept.id}`, auth(ada.token))).status).toBe(404);

    expect(command('restore.mjs', archive, '--data', data).stderr).toMatch(/^restore: Kora is running on /);
    await product.stop();
    const restored = command('restore.mjs', archive, '--data', data);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .* files, checked\)\nThe folder it replaced is kept at .*data\.before-restore-/);

    product = await startEmbeddedChild(data, port);
    const again = await signIn(ada.member.email, ada.member.password);
    const back = await api(`/api/posts/${kept.id}`, auth(again.token));
    expect(back.status).toBe(200);
    expect(await body<Post>(back)).toMatchObject({ content: 'before the backup', images: [photo] });
    expect((await api(`/api/posts/${later.id}`, auth(again.token))).status).toBe(404);
    expect(Buffer.from(await (await api(photo)).arrayBuffer()).equals(photoBytes)).toBe(true);
    // The old session's token still works: the secrets came back with the data.
    expect((await api(`/api/posts/${kept.id}`, auth(ada.token))).status).toBe(200);
  }, 300_000);
});
