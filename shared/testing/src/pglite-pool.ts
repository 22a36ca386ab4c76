/**
 * PGlite instances handed from one test file to the next in the same worker. Starting one costs
 * about 1.6 CPU-seconds (its PostgreSQL starting in WebAssembly, even from the saved cluster), and
 * the embedded stage starts some 130: two fifths of the services project's CPU (decision 027).
 * A released instance is cleaned back to what a new one holds: every schema the file made is
 * dropped and the session reset (`DISCARD ALL`: settings, prepared statements, advisory locks,
 * LISTEN). Files never share one at the same time; in turn, they share it as files on the real
 * target share one PostgreSQL database, each test service in schemas of its own.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openPgliteClient } from '@kora/platform';
import { pgliteTemplate } from './pglite-template.js';

/** Enough for the files that start two or three services at once; more would only hold memory. */
const KEEP_IDLE = 3;
/** A clean-up that takes longer is stuck behind something the file left open: that instance goes. */
const CLEAN_TIMEOUT_MS = 10_000;

const idle: PGlite[] = [];

/** An instance no one else uses: a kept one, or a new one from the saved cluster. */
export async function takePglite(): Promise<PGlite> {
  return idle.pop() ?? openPgliteClient(null, await pgliteTemplate());
}

async function clean(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
     where nspname not like 'pg\\_%' and nspname not in ('public', 'information_schema')`,
  );
  for (const { name } of rows) await client.exec(`drop schema "${name.replace(/"/g, '""')}" cascade`);
  await client.exec('discard all');
}

/** Gives an instance back for the next file, clean; one that was closed or will not clean is closed. */
export async function releasePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  let timer: NodeJS.Timeout | undefined;
  const cleaned = await Promise.race([
    clean(client).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLEAN_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (cleaned && idle.length < KEEP_IDLE) idle.push(client);
  else await client.close().catch(() => undefined);
}
