/**
 * The PGlite instances test files hand on: the next file gets the same instance back, holding
 * nothing the last one made (its schemas, its session's settings and locks), and an instance that
 * was closed is never handed out again.
 */
import { describe, expect, it } from 'vitest';
import { releasePglite, takePglite } from './pglite-pool.js';

const schemasOf = async (client: Awaited<ReturnType<typeof takePglite>>) =>
  (
    await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1`,
    )
  ).rows.map((r) => r.name);

// Hang guards: each test starts PGlite instances, several CPU-seconds each on a slow, loaded machine.
const STARTS_PGLITE = 120_000;

describe('the PGlite pool of the embedded tests', () => {
  it(
    'hands a released instance to the next file, clean',
    async () => {
      const first = await takePglite();
      const fresh = await schemasOf(first);
      await first.exec(`create schema pool_a; create table pool_a.t (id int); insert into pool_a.t values (1);
                      create schema "pool b"; set timezone = 'Africa/Lagos'`);
      await first.query('select pg_advisory_lock(42)');
      await releasePglite(first);

      const next = await takePglite();
      expect(next).toBe(first);
      expect(await schemasOf(next)).toEqual(fresh);
      expect((await next.query<{ tz: string }>('show timezone')).rows[0]!.tz).not.toBe('Africa/Lagos');
      const locks = await next.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
      expect(locks.rows[0]!.n).toBe(0);
      await releasePglite(next);
    },
    STARTS_PGLITE,
  );

  it(
    'never hands out an instance that was closed',
    async () => {
      const closed = await takePglite();
      await closed.close();
      await releasePglite(closed);
      const next = await takePglite();
      expect(next).not.toBe(closed);
      expect(next.closed).toBe(false);
      await releasePglite(next);
    },
    STARTS_PGLITE,
  );
});
