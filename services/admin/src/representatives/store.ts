/**
 * Representative applications: stored as sent (e-mail lower-case), one under review (new or
 * contacted) per e-mail — a unique partial index, so two submissions racing cannot both get in —
 * and reviewed by admins, each review recorded in the audit log in the same transaction.
 */
import {
  currentLanguage,
  type RepresentativeApplicationBody,
  type Representative,
  type RepresentativeStatus,
  numberedPage,
} from '@kora/contracts';
import { violatedUniqueIndex, type DbOrTx, type Emit, type Tx } from '@kora/platform/service';
import { count, desc, eq } from 'drizzle-orm';
import { recordAdminAction } from '../audit/record.js';
import type { AdminTables } from '../db/schema.js';
import { applicationNotFound, applicationOpen } from '../errors.js';

type Row = AdminTables['representatives']['$inferSelect'];

export function representativeOf(row: Row): Representative {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    phone: row.phone,
    email: row.email,
    state: row.state,
    residentAddress: row.residentAddress,
    residentialState: row.residentialState,
    proposedLocation: row.proposedLocation,
    koraUsername: row.koraUsername,
    note: row.note,
    status: row.status as RepresentativeStatus,
    reviewNote: row.reviewNote,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

const OPEN_INDEX = 'representatives_one_open';

/** Runs `write`; the open-application index refusing it becomes the 409 the applicant reads. */
async function guardOpen<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violatedUniqueIndex(err) === OPEN_INDEX) throw applicationOpen();
    throw err;
  }
}

export async function createApplication(
  db: DbOrTx,
  tables: AdminTables,
  body: RepresentativeApplicationBody,
  userId: number | null,
): Promise<Row> {
  const [row] = await guardOpen(() =>
    db
      .insert(tables.representatives)
      // The request's language: the applicant's mails, later ones included, are written in it.
      .values({ ...body, userId, language: currentLanguage() })
      .returning(),
  );
  return row!;
}

export async function listApplications(
  db: DbOrTx,
  tables: AdminTables,
  filter: { status: 'all' | RepresentativeStatus; page: number; limit: number },
) {
  const r = tables.representatives;
  const where = filter.status === 'all' ? undefined : eq(r.status, filter.status);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return numberedPage(rows.map(representativeOf), totalRow?.total ?? 0, filter.page, filter.limit);
}

export interface Review {
  before: Row;
  after: Row;
}

/**
 * Sets the status and the reviewer's note, locking the row so two admins' reviews apply one after
 * the other (each audit record's "before" is what that admin changed). Re-opening an application
 * while another one with the same e-mail is under review is refused like a second application.
 */
export async function reviewApplication(
  tx: Tx,
  tables: AdminTables,
  emit: Emit,
  id: number,
  review: { status: RepresentativeStatus; note: string },
  adminId: number,
  now: Date,
): Promise<Review> {
  const r = tables.representatives;
  const [before] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!before) throw applicationNotFound();
  const [after] = await guardOpen(() =>
    tx
      .update(r)
      .set({ status: review.status, reviewNote: review.note, reviewedAt: now, reviewedBy: adminId })
      .where(eq(r.id, id))
      .returning(),
  );
  recordAdminAction(emit, {
    actorId: adminId,
    action: 'representative.reviewed',
    targetType: 'representative',
    targetId: id,
    before: { status: before.status, reviewNote: before.reviewNote },
    after: { status: after!.status, reviewNote: after!.reviewNote },
  });
  return { before, after: after! };
}
