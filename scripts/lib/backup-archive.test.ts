import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, createBackup, describeFolder, restoreBackup } from './backup-archive.mjs';

/** A data folder shaped like the embedded one: PGlite's cluster (with an empty folder), media, secrets. */
function makeDataFolder(dir: string, secret = 'one') {
  fs.mkdirSync(path.join(dir, 'pglite/base/1'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'pglite/pg_tblspc'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'pglite/PG_VERSION'), '17\n');
  fs.writeFileSync(path.join(dir, 'pglite/base/1/1259'), Buffer.alloc(8192, 7));
  fs.mkdirSync(path.join(dir, 'media/images'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'media/images/0123abcd.webp'), Buffer.from('RIFF....WEBP'));
  fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ INTERNAL_SECRET: secret }));
}

const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
};

describe('embedded backups', () => {
  let work: string;
  let data: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-backup-test-'));
    data = path.join(work, 'data');
    makeDataFolder(data);
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('round-trips the folder, empty folders included, and keeps the replaced one aside', async () => {
    fs.writeFileSync(path.join(data, 'kora.pid'), String(deadPid())); // left by a killed product
    const archive = path.join(work, 'out/backup.tar.gz');
    const manifest = await createBackup({ dataDir: data, out: archive, now: new Date('2026-01-02T03:04:05Z') });
    expect(manifest).toMatchObject({
      format: 'kora-embedded-backup',
      formatVersion: 1,
      createdAt: '2026-01-02T03:04:05.000Z',
      totalBytes: 8192 + 12 + 3 + 25,
    });
    expect(manifest.files.map((f) => f.path)).toEqual([
      'media/images/0123abcd.webp',
      'pglite/PG_VERSION',
      'pglite/base/1/1259',
      'secrets.json',
    ]);
    expect(manifest.directories).toContain('pglite/pg_tblspc');
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['backup.tar.gz']); // no partial file left

    const original = describeFolder(data);
    fs.writeFileSync(path.join(data, 'media/images/0123abcd.webp'), 'changed after the backup');
    fs.writeFileSync(path.join(data, 'media/images/new.webp'), 'new after the backup');

    const { keptAside } = await restoreBackup({ file: archive, dataDir: data });
    expect(describeFolder(data)).toEqual(original);
    expect(fs.existsSync(path.join(data, 'kora.pid'))).toBe(false);
    expect(fs.readFileSync(path.join(keptAside!, 'media/images/new.webp'), 'utf8')).toBe('new after the backup');
    expect(fs.readdirSync(work).filter((n) => n.includes('restoring'))).toEqual([]);
  });

  it('restores into a folder that does not exist yet', async () => {
    const archive = path.join(work, 'b.tar.gz');
    await createBackup({ dataDir: data, out: archive });
    const elsewhere = path.join(work, 'fresh');
    expect((await restoreBackup({ file: archive, dataDir: elsewhere })).keptAside).toBeNull();
    expect(describeFolder(elsewhere)).toEqual(describeFolder(data));
  });

  it('refuses both ways while a live process holds the folder', async () => {
    const archive = path.join(work, 'b.tar.gz');
    await createBackup({ dataDir: data, out: archive });
    fs.writeFileSync(path.join(data, 'kora.pid'), String(process.pid));
    await expect(createBackup({ dataDir: data, out: path.join(work, 'c.tar.gz') })).rejects.toThrow(
      /Kora is running on .* \(process \d+\)\. Stop it first/,
    );
    await expect(restoreBackup({ file: archive, dataDir: data })).rejects.toBeInstanceOf(BackupError);
    expect(fs.existsSync(path.join(work, 'c.tar.gz'))).toBe(false);
    expect(fs.readdirSync(work).sort()).toEqual(['b.tar.gz', 'data']); // nothing moved aside
  });

  it('refuses a damaged archive and leaves the data folder alone', async () => {
    const archive = path.join(work, 'b.tar.gz');
    await createBackup({ dataDir: data, out: archive });
    const before = describeFolder(data);

    // Repack the archive without one file, then with one file changed.
    const unpacked = path.join(work, 'unpacked');
    const repack = async (name: string, damage: () => void) => {
      fs.rmSync(unpacked, { recursive: true, force: true });
      fs.mkdirSync(unpacked);
      await tar.x({ file: archive, cwd: unpacked });
      damage();
      const out = path.join(work, name);
      await tar.c({ gzip: true, file: out, cwd: unpacked }, ['manifest.json', 'data']);
      return out;
    };
    const missing = await repack('missing.tar.gz', () => fs.rmSync(path.join(unpacked, 'data/pglite/base/1/1259')));
    await expect(restoreBackup({ file: missing, dataDir: data })).rejects.toThrow(/damaged:\n\s+missing file pglite\/base\/1\/1259/);
    const changed = await repack('changed.tar.gz', () => fs.writeFileSync(path.join(unpacked, 'data/secrets.json'), '{}'));
    await expect(restoreBackup({ file: changed, dataDir: data })).rejects.toThrow(/changed file secrets.json/);
    const noDir = await repack('nodir.tar.gz', () => fs.rmSync(path.join(unpacked, 'data/pglite/pg_tblspc'), { recursive: true }));
    await expect(restoreBackup({ file: noDir, dataDir: data })).rejects.toThrow(/missing folder pglite\/pg_tblspc/);

    const notAnArchive = path.join(work, 'notes.tar.gz');
    fs.writeFileSync(notAnArchive, 'just text');
    await expect(restoreBackup({ file: notAnArchive, dataDir: data })).rejects.toThrow(/not a readable backup archive/);
    await expect(restoreBackup({ file: path.join(work, 'nowhere.tar.gz'), dataDir: data })).rejects.toThrow(/No backup at/);

    expect(describeFolder(data)).toEqual(before);
    expect(fs.readdirSync(work).filter((n) => n.startsWith('data.'))).toEqual([]);
  });

  it('the commands answer a refusal with a one-line message and exit code 1, no stack', () => {
    const run = (script: string, args: string[]) =>
      spawnSync(process.execPath, [path.resolve('scripts', script), ...args], { encoding: 'utf8' });
    const empty = path.join(work, 'empty');
    const backup = run('backup.mjs', ['--data', empty, '--out', path.join(work, 'x.tar.gz')]);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toBe(`backup: No embedded database in ${empty} (expected ${path.join(empty, 'pglite')}).\n`);
    const restore = run('restore.mjs', [path.join(work, 'nowhere.tar.gz'), '--data', empty]);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/^restore: No backup at .*nowhere\.tar\.gz\.\n$/);
    expect(run('restore.mjs', []).status).toBe(2);
  });
});
