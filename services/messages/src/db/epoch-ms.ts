import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp column as epoch milliseconds (int8), which both engines answer as a number: read raw,
 * timestamps come back as text or as a Date depending on the driver and on who runs the statement.
 */
export const epochMs = (column: string): SQL => sql.raw(`floor(extract(epoch from ${column}) * 1000)::int8`);
