/**
 * `npm run migrate`: applies every service's migrations, then exits. Against DATABASE_URL (the
 * distributed database) or, with DB_DRIVER=pglite, the embedded data folder (PGLITE_DIR, default
 * data/pglite). Services also migrate at start-up; this is for deploy pipelines (a Kubernetes Job
 * before the rollout) and for checking a migration before shipping it. Safe to run twice.
 */
import { serviceNames } from '@kora/contracts';
import { migrate, openPgliteClient, openPostgres, pgliteDatabase, type Database } from '@kora/platform';
import { serviceDefinitions } from './definitions.js';

const driver = process.env.DB_DRIVER ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
let database: Database;
let closePglite: (() => Promise<void>) | null = null;
if (driver === 'postgres') {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required with DB_DRIVER=postgres');
  database = openPostgres(process.env.DATABASE_URL, 2);
} else {
  const client = await openPgliteClient(process.env.PGLITE_DIR ?? 'data/pglite');
  database = pgliteDatabase(client);
  closePglite = () => client.close();
}

try {
  for (const name of serviceNames) {
    const definition = serviceDefinitions[name];
    const applied = await migrate(database, definition.schema, definition.migrations);
    process.stdout.write(`${name.padEnd(14)} ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`);
  }
} finally {
  await database.close();
  await closePglite?.();
}
