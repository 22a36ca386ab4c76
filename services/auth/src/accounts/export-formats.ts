/**
 * The users export's two file formats, written as the rows arrive (never the whole file in memory).
 * - CSV: csv-stringify does the quoting (commas, quotes, line breaks); a cell that a spreadsheet
 *   would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 *   apostrophe first, as OWASP's "CSV injection" advice says. Numbers are left as they are.
 * - JSON: one valid array, one member object per element, in ADMIN_EXPORT_COLUMNS' key order.
 */
import { ADMIN_EXPORT_COLUMNS, type AdminUser } from '@kora/contracts';
import { stringify, type Stringifier } from 'csv-stringify';
import { Readable } from 'node:stream';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text, never evaluates. */
export function defuseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function exportRow(user: AdminUser): Record<string, unknown> {
  return Object.fromEntries(ADMIN_EXPORT_COLUMNS.map((column) => [column, user[column]]));
}

export function csvExport(rows: AsyncIterable<AdminUser>): Stringifier {
  const csv = stringify({
    header: true,
    columns: [...ADMIN_EXPORT_COLUMNS],
    cast: { string: (value) => defuseCell(value) },
  });
  // pipe() carries backpressure: the next batch is read only when the client has taken the last.
  const source = Readable.from(rows, { objectMode: true });
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

export async function* jsonExport(rows: AsyncIterable<AdminUser>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '' : ','}\n${JSON.stringify(exportRow(row))}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
