import { ADMIN_EXPORT_COLUMNS } from '@kora/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defuseCell } from '../accounts/export-formats.js';
import { asTokenHolder, claimsOf, seedAdmin, seedMember, signIn, startAuth, type AuthTestService } from '../test-support.js';

describe(`admin users export (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let admin: Awaited<ReturnType<typeof seedAdmin>>;
  beforeAll(async () => {
    svc = await startAuth();
    admin = await seedAdmin(svc);
  });
  afterAll(async () => svc?.close());

  const exportAs = (query: string, headers = admin.headers) =>
    svc.app.inject({ method: 'GET', url: `/api/admin/users/export?${query}`, headers });

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const risky of ['=1+1', '+234', '-2', '@SUM(A1)', '\tx', '\rx']) expect(defuseCell(risky)).toBe(`'${risky}`);
    for (const safe of ['Ada', '1+1', 'a=b', '', "'quoted"]) expect(defuseCell(safe)).toBe(safe);
  });

  it('downloads users.csv: a header, quoting by the CSV rules, formulas defused, only the matching rows in the chosen order', async () => {
    const tag = `ex${Date.now().toString(36)}`;
    const nasty = await seedMember(svc, {
      username: `${tag}_nasty`,
      firstname: '=HYPERLINK("http://evil","x")',
      lastname: 'Obi, "the" great\nsecond line',
    });
    const plain = await seedMember(svc, { username: `${tag}_plain`, firstname: '@risk', lastname: '-1' });
    const res = await exportAs(`format=csv&search=${tag}&sort=username&dir=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual([...ADMIN_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      String(nasty.userId),
      nasty.username,
      nasty.email,
      `'=HYPERLINK("http://evil","x")`,
      'Obi, "the" great\nsecond line',
      expect.any(String),
      'user',
      'active',
    ]);
    expect(rows[2]!.slice(0, 5)).toEqual([String(plain.userId), plain.username, plain.email, "'@risk", "'-1"]);
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
  });

  it('downloads users.json: one valid array with the export columns', async () => {
    const tag = `js${Date.now().toString(36)}`;
    const member = await seedMember(svc, { username: `${tag}_one`, firstname: 'Zainab "Zee"' });
    const res = await exportAs(`format=json&search=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.json"');
    const body = JSON.parse(res.body);
    expect(body).toEqual([
      {
        id: member.userId,
        username: member.username,
        email: member.email,
        firstname: 'Zainab "Zee"',
        lastname: 'Obi',
        createdAt: expect.any(String),
        role: 'user',
        status: 'active',
      },
    ]);
    expect(Object.keys(body[0])).toEqual([...ADMIN_EXPORT_COLUMNS]);
    expect(JSON.parse((await exportAs('format=json&search=nobody-has-this-name')).body)).toEqual([]);
    expect((await exportAs('format=xml')).statusCode).toBe(400);
  });

  it('refuses anonymous callers and members', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    expect((await svc.app.inject({ method: 'GET', url: '/api/admin/users/export' })).statusCode).toBe(401);
    expect((await exportAs('format=csv', svc.as({ userId: member.userId, sessionId: claimsOf(tokens.token).sid }))).statusCode).toBe(403);
  });

  it('streams 100,000 members completely, in order, with the heap bounded', async () => {
    const { users } = svc.tables;
    const tag = `bulk${Date.now().toString(36)}`;
    await svc.ctx.db.execute(sql`
      insert into ${users} (firstname, lastname, username, email, password_hash, status, created_at, updated_at)
      select 'Bulk', 'Member ' || n, ${tag} || '_' || n, ${tag} || '.' || n || '@example.ng', 'x', 'active',
             timestamptz '2026-01-01' + (n % 5000) * interval '1 minute', now()
      from generate_series(1, 100000) as n`);
    const [{ expected }] = (await svc.ctx.db.select({ expected: sql<number>`count(*)::int` }).from(users)) as [{ expected: number }];
    // The whole table (the 100,000 and the few other tests made): the keyset walks users_created_idx.
    for (const format of ['csv', 'json'] as const) {
      await svc.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
      const address = svc.app.server.address() as AddressInfo;
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakHeap = Math.max(peakHeap, m.heapUsed);
        peakRss = Math.max(peakRss, m.rss);
      }, 20);
      const started = performance.now();
      const res = await fetch(`http://${address.address}:${address.port}/api/admin/users/export?format=${format}&sort=createdAt&dir=asc`, {
        // Signed now: the gateway's identity assertion lives a minute, and the insert above can take longer.
        headers: asTokenHolder(svc, admin.tokens.token),
      });
      expect(res.status).toBe(200);
      // Count rows as the bytes arrive, keeping only the last partial line and checking the order.
      let lines = 0;
      let tail = '';
      let lastKey = '';
      let ordered = true;
      const decoder = new TextDecoder();
      for await (const chunk of res.body! as unknown as AsyncIterable<Uint8Array>) {
        const text = tail + decoder.decode(chunk, { stream: true });
        const parts = text.split('\n');
        tail = parts.pop()!;
        for (const line of parts) {
          const created = /(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)/.exec(line)?.[1];
          if (!created) continue;
          lines++;
          if (created < lastKey) ordered = false;
          lastKey = created;
        }
      }
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const growthMB = (peakHeap - heapBefore) / 1024 / 1024;
      console.log(
        `users export ${format}: ${lines} rows in ${seconds.toFixed(2)} s; peak heap growth ${growthMB.toFixed(1)} MB; peak rss ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
      );
      expect(lines).toBe(expected);
      expect(lines).toBeGreaterThan(100_000);
      expect(ordered).toBe(true);
      expect(growthMB).toBeLessThan(200);
    }
  }, 300_000);
});
