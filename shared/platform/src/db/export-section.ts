/**
 * An archive section read straight from one table (decision 035): the member's rows, a page at a
 * time in the order of a column that is unique among them (an id, the other member's id), so the
 * next page starts after the last key without an offset. Table and column names are written by the
 * service itself, never taken from a request.
 */
import { sql } from 'drizzle-orm';
import type { ExportKey, ExportRow, ExportSection } from '../http/member-export.js';
import type { Db } from './database.js';
import { rowsOf } from './rows.js';

export interface TableSectionOptions {
  name: string;
  db: Db;
  schema: string;
  table: string;
  /** The column holding the member's id. */
  owner: string;
  /** Unique among the member's rows; the rows come in its order. */
  key: string;
  /** The select list, e.g. `id, content, created_at as "createdAt"` (secrets left out). */
  columns: string;
  /** The key's SQL type for the comparison (`bigint` by default; `uuid`, `text`). */
  keyType?: 'bigint' | 'uuid' | 'text';
  /** Extra condition on the member's rows, e.g. `deleted_at is null`. */
  where?: string;
}

export function tableSection(options: TableSectionOptions): ExportSection {
  const { name, db, schema, table, owner, key, columns } = options;
  const keyType = options.keyType ?? 'bigint';
  const from = sql.raw(`${quote(schema)}.${quote(table)}`);
  const select = sql.raw(`${columns}, ${key} as "__key"`);
  const ownerColumn = sql.raw(owner);
  const keyColumn = sql.raw(key);
  const extra = options.where ? sql.raw(`and (${options.where})`) : sql``;
  return {
    name,
    async page(userId: number, after: ExportKey, limit: number) {
      const afterClause = after === null ? sql`` : sql`and ${keyColumn} > ${after}::${sql.raw(keyType)}`;
      const rows = rowsOf<ExportRow & { __key: ExportKey | Date }>(
        await db.execute(
          sql`select ${select} from ${from} where ${ownerColumn} = ${userId} ${extra} ${afterClause} order by ${keyColumn} limit ${limit}`,
        ),
      );
      const last = rows.length > 0 ? rows[rows.length - 1]!.__key : null;
      return { rows: rows.map(({ __key: _key, ...row }) => row), last: last instanceof Date ? last.toISOString() : last };
    },
  };
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
