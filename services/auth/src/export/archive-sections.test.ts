/** Auth's share of a data archive (decision 035): the member's profile and sessions, no secrets, siblings only. */
import { rowsOf } from '@kora/platform/service';
import { exportOf, exportRefusals, seedSql, testTarget, type TestService } from '@kora/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth } from '../test-support.js';

describe(`auth: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  let member: number;

  beforeAll(async () => {
    svc = await startAuth();
    await seedSql(
      svc,
      `insert into {schema}.users (firstname, lastname, username, email, password_hash) values
         ('Ada', 'Obi', 'ada_export', 'ada.export@example.ng', 'argon2-secret-hash'),
         ('Bode', 'Ola', 'bode_export', 'bode.export@example.ng', 'argon2-other-hash')`,
    );
    const rows = rowsOf<{ id: number }>(await svc.ctx.db.execute(`select id from "${svc.ctx.schema}".users where username = 'ada_export'`));
    member = rows[0]!.id;
    await seedSql(
      svc,
      `insert into {schema}.sessions (id, user_id, user_agent, refresh_hash, refresh_expires_at) values
         ('${randomUUID()}', ${member}, 'Firefox', 'refresh-secret', now() + interval '1 day'),
         ('${randomUUID()}', ${member + 1}, 'Chrome', 'other-secret', now() + interval '1 day')`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's profile and sessions without password or refresh hashes", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.profile).toEqual([expect.objectContaining({ id: member, username: 'ada_export', email: 'ada.export@example.ng' })]);
    expect(sections.sessions).toEqual([expect.objectContaining({ userAgent: 'Firefox' })]);
    const text = JSON.stringify(sections);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('argon2');
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
