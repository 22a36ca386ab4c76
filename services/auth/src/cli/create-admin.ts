/**
 * Creates the first admin, or promotes an existing account (by e-mail) to admin.
 *
 *   node --import tsx services/auth/src/cli/create-admin.ts --email a@b.c --username admin \
 *     --password '...' [--firstname Ada --lastname Obi]
 *
 * The database is the service's: DATABASE_URL (PostgreSQL), or DB_DRIVER=pglite PGLITE_DIR=data/pglite
 * for the embedded product's files (stop `npm start` first: PGlite allows one process at a time).
 * The password may come from ADMIN_PASSWORD instead of --password (keeps it out of shell history).
 */
import { blankIsUnset, ConfigError, loadConfig, openPgliteClient, openPostgres, pgliteDatabase, type Database } from '@kora/platform';
import type { PGlite } from '@electric-sql/pglite';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AdminInputError, createOrPromoteAdmin } from '../accounts/admins.js';
import { createAuthService } from '../app.js';

const envSchema = z
  .object({
    DB_DRIVER: z.enum(['postgres', 'pglite']).default('postgres'),
    DATABASE_URL: z.preprocess(blankIsUnset, z.string().url().optional()),
    PGLITE_DIR: z.string().default('data/pglite'),
    ADMIN_PASSWORD: z.string().optional(),
  })
  .refine((env) => env.DB_DRIVER !== 'postgres' || env.DATABASE_URL, {
    path: ['DATABASE_URL'],
    message: 'required for PostgreSQL (or set DB_DRIVER=pglite PGLITE_DIR=data/pglite for the embedded product)',
  });

const usage = `Usage: node --import tsx services/auth/src/cli/create-admin.ts --email <address> [--username <name> --password <password>] [--firstname <name> --lastname <name>]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !values.email) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 64;
  }
  const env = loadConfig(envSchema);
  let pglite: PGlite | null = null;
  let database: Database;
  if (env.DB_DRIVER === 'pglite') {
    pglite = await openPgliteClient(env.PGLITE_DIR);
    database = pgliteDatabase(pglite);
  } else {
    database = openPostgres(env.DATABASE_URL!, 1);
  }
  try {
    const outcome = await createOrPromoteAdmin(database, createAuthService().schema, {
      email: values.email,
      username: values.username,
      password: values.password ?? env.ADMIN_PASSWORD,
      firstname: values.firstname,
      lastname: values.lastname,
    });
    const who = `#${outcome.userId} ${outcome.username} <${outcome.email}>`;
    const said = {
      created: `Created admin account ${who}. It can sign in now.`,
      promoted: `Promoted ${who} to admin. The new role is in the tokens of its next sign-in.`,
      unchanged: `Nothing to do: ${who} is already an active admin.`,
    }[outcome.action];
    process.stdout.write([said, ...outcome.notes].join('\n') + '\n');
    return 0;
  } finally {
    await database.close();
    await pglite?.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof AdminInputError || err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = err instanceof ConfigError ? 78 : 65;
  } else if (err instanceof Error && 'code' in err && err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    process.stderr.write(`${err.message}\n${usage}\n`);
    process.exitCode = 64;
  } else {
    throw err;
  }
}
