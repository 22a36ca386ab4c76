/**
 * A freshly initialised PGlite cluster, saved once per machine and PGlite version, that the tests'
 * in-memory databases start from. PGlite runs initdb in WebAssembly at every start, paid by every
 * test service the embedded stage starts; loading a saved cluster is far cheaper (decision 027).
 * Each database is still its own copy: nothing a test writes reaches the template or another test.
 */
import { openPgliteClient } from '@kora/platform';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The installed PGlite's version: a cluster saved by another version is not reused. */
function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const TEMPLATE_FILE = path.join(os.tmpdir(), `kora-pglite-cluster-${pgliteVersion()}.tar`);

let template: Promise<Blob> | undefined;

/** The saved cluster (made and saved on first use). */
export function pgliteTemplate(): Promise<Blob> {
  return (template ??= readOrMake());
}

async function readOrMake(): Promise<Blob> {
  const saved = await readFile(TEMPLATE_FILE).catch(() => null);
  if (saved && saved.length > 0) return new Blob([saved]);
  const fresh = await openPgliteClient(null);
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  // Written aside and renamed: test files starting together never read half a file.
  const partial = `${TEMPLATE_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, TEMPLATE_FILE);
  } catch {
    await rm(partial, { force: true }); // a read-only temp dir: every run makes its own
  }
  return dump;
}
