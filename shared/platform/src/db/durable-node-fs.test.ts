/**
 * Durable embedded writes (decision 055): with EMBEDDED_SYNC on, PGlite syncs the write-ahead log
 * before a write is acknowledged, and a power cut right after the acknowledgement keeps it.
 *
 * The power cut is simulated by a second folder standing for the disk: it starts as the folder was
 * after a clean stop, and afterwards receives a file only when the process syncs it. Whatever was
 * written but never synced is what a power cut may lose, so the disk folder leaves it out.
 */
import type { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from '@kora/testing/pglite-template';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPgliteClient } from './database.js';
import { ConfigError } from '../config.js';
import { embeddedSyncSetting, syncFolderTree, type EmbeddedSync } from './embedded-sync.js';

interface Synced {
  /** Path relative to the watched folder. */
  file: string;
  folder: boolean;
}

/** Records every sync of a file under `dir`, once it has completed, in `events`. */
function watchSyncs(dir: string, events: (Synced | string)[], onSynced?: (synced: Synced) => void) {
  const realDir = fs.realpathSync(dir);
  const record = (fd: number, folder: boolean) => {
    const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    if (target !== realDir && !target.startsWith(realDir + path.sep)) return;
    const synced = { file: path.relative(realDir, target), folder };
    events.push(synced);
    onSynced?.(synced);
  };
  const { fdatasyncSync, fsyncSync, fdatasync, fsync } = fs;
  const spies = [
    vi.spyOn(fs, 'fdatasyncSync').mockImplementation((fd) => {
      fdatasyncSync(fd);
      record(fd, false);
    }),
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      fsyncSync(fd);
      record(fd, true);
    }),
    // A new folder is synced whole with the pooled calls.
    vi.spyOn(fs, 'fdatasync').mockImplementation((fd, done) =>
      fdatasync(fd, (err) => {
        if (!err) record(fd, false);
        done(err);
      }),
    ),
    vi.spyOn(fs, 'fsync').mockImplementation((fd, done) =>
      fsync(fd, (err) => {
        if (!err) record(fd, true);
        done(err);
      }),
    ),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

const walSyncs = (events: (Synced | string)[]) =>
  events.filter((e): e is Synced => typeof e !== 'string' && e.file.startsWith(`pg_wal${path.sep}`) && !e.folder);

/** The events between two marks. */
function between(events: (Synced | string)[], from: string, to: string) {
  return events.slice(events.indexOf(from) + 1, events.indexOf(to));
}

describe('durable embedded writes', () => {
  let root: string;
  /** A cluster made once (from the tests' saved one: initdb is slow), copied for each case. */
  let base: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-durable-'));
    base = path.join(root, 'base');
    fs.mkdirSync(base);
    const client = await openPgliteClient(base, await pgliteTemplate(), 'on');
    await client.exec('create table note (id serial primary key, body text not null)');
    await client.close();
  }, 120_000);

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('EMBEDDED_SYNC is on unless set to off; any other value stops the start', () => {
    expect(embeddedSyncSetting({})).toBe('on');
    expect(embeddedSyncSetting({ EMBEDDED_SYNC: '' })).toBe('on');
    expect(embeddedSyncSetting({ EMBEDDED_SYNC: 'off' })).toBe('off');
    expect(() => embeddedSyncSetting({ EMBEDDED_SYNC: 'false' })).toThrow(ConfigError);
  });

  it('a new cluster is synced whole: its files, then its folders and its entry in the parent', async () => {
    const tree = path.join(root, 'new-cluster');
    fs.mkdirSync(path.join(tree, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(tree, 'base', '1', '1259'), 'a page');
    const events: (Synced | string)[] = [];
    const stop = watchSyncs(root, events);
    try {
      await syncFolderTree(tree);
    } finally {
      stop();
    }
    const synced = events as Synced[];
    const files = synced.filter((e) => !e.folder).map((e) => e.file);
    const folders = synced.filter((e) => e.folder).map((e) => e.file);
    expect(files.sort()).toEqual([path.join('new-cluster', 'PG_VERSION'), path.join('new-cluster', 'base', '1', '1259')]);
    expect(folders.sort()).toEqual(['', 'new-cluster', path.join('new-cluster', 'base'), path.join('new-cluster', 'base', '1')]);
    expect(synced.findIndex((e) => e.folder)).toBe(files.length);
  });

  /**
   * Opens a copy of the base cluster with `sync`, writes a statement and a transaction, then reads;
   * the disk folder receives what is synced. Answers the syncs and marks in order, and the rows a
   * new process finds on the disk right after the last acknowledgement.
   */
  async function writeThenCutThePower(sync: EmbeddedSync) {
    const dir = path.join(root, `live-${sync}`);
    const disk = path.join(root, `disk-${sync}`);
    fs.cpSync(base, dir, { recursive: true });
    // The disk as it stood after the clean stop; from here on it receives only what is synced.
    fs.cpSync(base, disk, { recursive: true });
    const events: (Synced | string)[] = [];
    const stop = watchSyncs(dir, events, ({ file, folder }) => {
      if (folder) fs.mkdirSync(path.join(disk, file), { recursive: true });
      else fs.copyFileSync(path.join(dir, file), path.join(disk, file));
    });
    let live: PGlite | undefined;
    let afterCut: PGlite | undefined;
    try {
      live = await openPgliteClient(dir, undefined, sync);
      events.push('opened');
      await live.query(`insert into note (body) values ('plain')`);
      events.push('plain acknowledged');
      await live.transaction(async (tx) => {
        await tx.query(`insert into note (body) values ('first of two')`);
        await tx.query(`insert into note (body) values ('second of two')`);
        events.push('transaction statements answered');
      });
      events.push('transaction acknowledged');
      await live.query('select count(*) from note');
      await live.query(`select body from note where body like 'first%'`);
      events.push('reads answered');
      stop();
      // The power goes: a new process opens what the disk holds.
      afterCut = await openPgliteClient(disk, undefined, 'off');
      const rows = await afterCut.query<{ body: string }>('select body from note order by id');
      return { events, keptByDisk: rows.rows.map((row) => row.body) };
    } finally {
      stop();
      await afterCut?.close();
      await live?.close();
    }
  }

  it('with EMBEDDED_SYNC=on, a write is synced before it is acknowledged, a read never, and a power cut keeps it', async () => {
    const { events, keptByDisk } = await writeThenCutThePower('on');

    expect(walSyncs(between(events, 'opened', 'plain acknowledged'))).not.toEqual([]);
    // Inside the transaction nothing is synced; the COMMIT is, before the promise resolves.
    expect(walSyncs(between(events, 'plain acknowledged', 'transaction statements answered'))).toEqual([]);
    expect(walSyncs(between(events, 'transaction statements answered', 'transaction acknowledged'))).not.toEqual([]);
    expect(between(events, 'transaction acknowledged', 'reads answered')).toEqual([]);
    expect(keptByDisk).toEqual(['plain', 'first of two', 'second of two']);
  });

  it('with EMBEDDED_SYNC=off, nothing is synced and a power cut loses the acknowledged writes', async () => {
    const { events, keptByDisk } = await writeThenCutThePower('off');

    expect(events.filter((e) => typeof e !== 'string')).toEqual([]);
    expect(keptByDisk).toEqual([]);
  });
});
