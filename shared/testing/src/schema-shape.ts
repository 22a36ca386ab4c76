/**
 * A schema's shape, as Drizzle declares it and as the database holds it, and the differences
 * between the two: tables, columns, types and nullability. Pure, so the comparer has its own test.
 */

export interface ColumnShape {
  type: string;
  notNull: boolean;
}

/** table name -> column name -> shape */
export type SchemaShape = Map<string, Map<string, ColumnShape>>;

/** Drizzle's spelling of a type, in PostgreSQL's (`format_type`/information_schema) words. */
export function normaliseType(type: string): string {
  const array = type.endsWith('[]');
  const base = (array ? type.slice(0, -2) : type).trim().toLowerCase();
  const named: Record<string, string> = {
    bigserial: 'bigint',
    serial: 'integer',
    smallserial: 'smallint',
    int: 'integer',
    int4: 'integer',
    int8: 'bigint',
    int2: 'smallint',
    bool: 'boolean',
    float8: 'double precision',
    float4: 'real',
    timestamptz: 'timestamp with time zone',
    timestamp: 'timestamp without time zone',
    varchar: 'character varying',
  };
  const plain = base.replace(/\(.*\)$/, '');
  const word = named[plain] ?? (plain.startsWith('varchar') ? 'character varying' : plain);
  return array ? `${word}[]` : word;
}

/** Every difference, one line each (`table.column: ...`); empty when the shapes agree. */
export function compareShapes(declared: SchemaShape, actual: SchemaShape): string[] {
  const problems: string[] = [];
  for (const table of new Set([...declared.keys(), ...actual.keys()])) {
    const d = declared.get(table);
    const a = actual.get(table);
    if (!d) problems.push(`${table}: a table in the migrations, not in Drizzle`);
    else if (!a) problems.push(`${table}: a table in Drizzle, not in the migrations`);
    if (!d || !a) continue;
    for (const column of new Set([...d.keys(), ...a.keys()])) {
      const dc = d.get(column);
      const ac = a.get(column);
      const where = `${table}.${column}`;
      if (!dc) problems.push(`${where}: a column in the migrations, not in Drizzle`);
      else if (!ac) problems.push(`${where}: a column in Drizzle, not in the migrations`);
      else {
        if (normaliseType(dc.type) !== normaliseType(ac.type))
          problems.push(`${where}: Drizzle says ${dc.type}, the migrations ${ac.type}`);
        if (dc.notNull !== ac.notNull)
          problems.push(
            `${where}: Drizzle says ${dc.notNull ? 'not null' : 'nullable'}, the migrations ${ac.notNull ? 'not null' : 'nullable'}`,
          );
      }
    }
  }
  return problems.sort();
}
