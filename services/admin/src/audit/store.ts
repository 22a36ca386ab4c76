/**
 * The audit log: `admin.action-recorded` from every service, stored once per event (the event id
 * is unique, so a redelivery is a no-op even beside the platform's processed-events record), and
 * listed newest first with the actor's username and display name from the member snapshot.
 * A page and its total come from one statement (`count(*) over ()`), so they always agree: two
 * reads could see an entry stored between them (a total of 1 beside no items).
 */
import { unknownMember, type AuditEntry, type EventEnvelope, type EventPayload, numberedPage } from '@kora/contracts';
import type { DbOrTx, Tx } from '@kora/platform/service';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminTables } from '../db/schema.js';

export async function storeAuditEntry(
  tables: AdminTables,
  tx: Tx,
  event: EventEnvelope<EventPayload<'admin.action-recorded'>>,
): Promise<void> {
  const p = event.payload;
  const at = new Date(p.occurredAt);
  await tx
    .insert(tables.auditLog)
    .values({
      eventId: event.id,
      actorId: p.actorId,
      action: p.action,
      targetType: p.targetType,
      targetId: p.targetId,
      before: p.before ?? null,
      after: p.after ?? null,
      createdAt: Number.isNaN(at.getTime()) ? new Date(event.occurredAt) : at,
    })
    .onConflictDoNothing({ target: tables.auditLog.eventId });
}

export interface AuditFilter {
  page: number;
  limit: number;
  action?: string | undefined;
  actorId?: number | undefined;
}

export async function listAudit(db: DbOrTx, tables: AdminTables, filter: AuditFilter) {
  const { auditLog: a, members: m } = tables;
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(a.action, filter.action));
  if (filter.actorId) conditions.push(eq(a.actorId, filter.actorId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ entry: a, username: m.username, displayName: m.displayName, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(a)
    .leftJoin(m, eq(m.userId, a.actorId))
    .where(where)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total = rows[0]?.total ?? (filter.page > 1 ? await countAudit(db, tables, where) : 0);
  const items: AuditEntry[] = rows.map(({ entry, username, displayName }) => ({
    id: entry.id,
    actorId: entry.actorId,
    actorUsername: username ?? unknownMember(entry.actorId).username,
    actorName: displayName ?? username ?? unknownMember(entry.actorId).username,
    action: entry.action as AuditEntry['action'],
    targetType: entry.targetType as AuditEntry['targetType'],
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return numberedPage(items, total, filter.page, filter.limit);
}

async function countAudit(db: DbOrTx, tables: AdminTables, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tables.auditLog).where(where);
  return row?.total ?? 0;
}
