/**
 * A counted toggle: a member's mark on something (a like on a post or a reel) added, or taken back
 * when it is there, and the thing's counter column moved with it in the same transaction, so a count
 * always equals its rows whatever runs at the same time. The mark's primary key decides races: a
 * second toggle by the same member finds the row and takes it back; a toggle that finds the mark
 * already taken back by a concurrent one changes nothing and reads the count instead.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.js';
import { rowsOf } from './rows.js';

export interface CountedToggle<Marks extends PgTable> {
  /** The marks' table, one row per member and thing (its primary key). */
  marks: Marks;
  /** The member's mark, as it is inserted. */
  mark: Marks['$inferInsert'];
  /** Finds the member's mark (the same key as `mark`). */
  markWhere: SQL;
  /** The thing's table, its counter column and the thing's row. */
  counted: PgTable;
  counter: PgColumn;
  countedWhere: SQL;
}

export interface ToggleResult {
  /** Whether the mark is there now. */
  on: boolean;
  /** The counter after the toggle. */
  count: number;
  /** False when a concurrent toggle got there first and nothing moved: announce nothing. */
  changed: boolean;
}

/** Adds the member's mark, or takes it back if it was there, moving the counter by one either way. */
export async function toggleCountedRow<Marks extends PgTable>(tx: Tx, toggle: CountedToggle<Marks>): Promise<ToggleResult> {
  const { marks, mark, markWhere, counted, counter, countedWhere } = toggle;
  const added = await tx
    .insert(marks)
    .values(mark)
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  let delta = 1;
  if (added.length === 0) {
    const removed = await tx
      .delete(marks)
      .where(markWhere)
      .returning({ one: sql<number>`1` });
    // Zero when a concurrent toggle removed it first: the mark is gone either way, counted once.
    delta = removed.length === 0 ? 0 : -1;
  }
  const [row] = rowsOf<{ count: number }>(
    await tx.execute(
      delta === 0
        ? sql`select ${counter} as count from ${counted} where ${countedWhere}`
        : sql`update ${counted} set ${sql.identifier(counter.name)} = ${counter} + ${delta} where ${countedWhere} returning ${counter} as count`,
    ),
  );
  return { on: delta > 0, count: row?.count ?? 0, changed: delta !== 0 };
}
