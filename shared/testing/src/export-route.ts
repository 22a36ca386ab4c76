/**
 * Calling a service's archive export (`GET /internal/export/{userId}`, decision 035) in its tests:
 * as the media service would (signed), grouped by section; and as everyone who must be refused.
 */
import { signServiceCall, SERVICE_CALL_HEADER } from '@kora/platform';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestService } from './service.js';

export type ExportedSections = Record<string, Record<string, unknown>[]>;

/** The member's rows by section, asked as media's archive job asks. */
export async function exportOf(svc: TestService, userId: number): Promise<ExportedSections> {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/internal/export/${userId}`,
    headers: { [SERVICE_CALL_HEADER]: signServiceCall('media', svc.ctx.env.INTERNAL_SECRET) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const sections: ExportedSections = {};
  for (const line of res.body.split('\n').filter(Boolean)) {
    const { section, row } = JSON.parse(line) as { section: string; row: Record<string, unknown> };
    (sections[section] ??= []).push(row);
  }
  return sections;
}

/** The statuses anonymous, the member themself and an admin get: the route is for siblings only. */
export async function exportRefusals(svc: TestService, userId: number): Promise<number[]> {
  const callers = [{}, svc.as({ userId }), svc.as({ userId: userId + 1, role: 'admin' })];
  const answers = await Promise.all(
    callers.map((headers) => svc.app.inject({ method: 'GET', url: `/internal/export/${userId}`, headers })),
  );
  return answers.map((res) => res.statusCode);
}

/**
 * Runs SQL statements (`;`-separated, one at a time: a prepared statement holds one) on the
 * service's own schema (`{schema}` stands for it), for seeding rows in a test.
 */
export async function seedSql(svc: TestService, text: string): Promise<void> {
  for (const statement of text.split(';').filter((s) => s.trim() !== '')) {
    await svc.ctx.db.execute(sql.raw(statement.replaceAll('{schema}', `"${svc.ctx.schema}"`)));
  }
}
