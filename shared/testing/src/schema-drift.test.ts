import { bigint, boolean, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schemaDrift } from './schema-drift.js';
import { compareShapes, normaliseType, type SchemaShape } from './schema-shape.js';

const shape = (tables: Record<string, Record<string, readonly [string, boolean]>>): SchemaShape =>
  new Map(
    Object.entries(tables).map(([t, cols]) => [t, new Map(Object.entries(cols).map(([c, [type, notNull]]) => [c, { type, notNull }]))]),
  );

describe('compareShapes', () => {
  const base = { things: { id: ['bigint', true], name: ['text', true], seen_at: ['timestamp with time zone', false] } } as const;

  it('finds nothing when Drizzle and the migrations agree, whatever each calls the types', () => {
    const drizzle = shape({
      things: { id: ['bigserial', true], name: ['text', true], seen_at: ['timestamp with time zone', false], tags: ['text[]', true] },
    });
    const db = shape({
      things: { id: ['bigint', true], name: ['text', true], seen_at: ['timestamp with time zone', false], tags: ['text[]', true] },
    });
    expect(compareShapes(drizzle, db)).toEqual([]);
  });

  it('names a column the migrations add that Drizzle lacks, and the reverse', () => {
    expect(compareShapes(shape(base), shape({ things: { ...base.things, extra: ['text', false] } }))).toEqual([
      'things.extra: a column in the migrations, not in Drizzle',
    ]);
    expect(compareShapes(shape({ things: { ...base.things, extra: ['text', false] } }), shape(base))).toEqual([
      'things.extra: a column in Drizzle, not in the migrations',
    ]);
  });

  it('names a table on one side only', () => {
    expect(compareShapes(shape(base), shape({ ...base, more: { id: ['bigint', true] } }))).toEqual([
      'more: a table in the migrations, not in Drizzle',
    ]);
    expect(compareShapes(shape({ ...base, more: { id: ['bigint', true] } }), shape(base))).toEqual([
      'more: a table in Drizzle, not in the migrations',
    ]);
  });

  it('names a different type and a different nullability', () => {
    const db = shape({ things: { ...base.things, id: ['integer', true], name: ['text', false] } });
    expect(compareShapes(shape(base), db)).toEqual([
      'things.id: Drizzle says bigint, the migrations integer',
      'things.name: Drizzle says not null, the migrations nullable',
    ]);
  });

  it("speaks PostgreSQL's names for Drizzle's", () => {
    expect(normaliseType('varchar(20)')).toBe('character varying');
    expect(normaliseType('timestamp')).toBe('timestamp without time zone');
    expect(normaliseType('int8[]')).toBe('bigint[]');
  });
});

describe(`schemaDrift on a freshly migrated database (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const migration = (columns: string) => [
    { id: '0001_things', sql: `create table {schema}.things (id bigint primary key, name text not null${columns});` },
  ];
  const tables = (withNote: boolean) => (schema: string) => {
    const s = pgSchema(schema);
    const columns = {
      id: bigint('id', { mode: 'number' }).primaryKey(),
      name: text('name').notNull(),
    };
    return { things: s.table('things', withNote ? { ...columns, note: text('note') } : columns) };
  };

  it('passes when the migration and the tables agree (the platform tables included)', async () => {
    expect(await schemaDrift({ migrations: migration(''), tables: tables(false) })).toEqual([]);
  });

  it('fails on a column added to a migration but not to Drizzle', async () => {
    expect(await schemaDrift({ migrations: migration(', note text'), tables: tables(false) })).toEqual([
      'things.note: a column in the migrations, not in Drizzle',
    ]);
  });

  it('fails on a column added to Drizzle but not to a migration', async () => {
    expect(await schemaDrift({ migrations: migration(''), tables: tables(true) })).toEqual([
      'things.note: a column in Drizzle, not in the migrations',
    ]);
  });

  it('fails on a type or nullability the two disagree on', async () => {
    const drift = await schemaDrift({
      migrations: [{ id: '0001_flags', sql: 'create table {schema}.flags (id bigint primary key, on_at timestamptz, set boolean);' }],
      tables: (schema) => ({
        flags: pgSchema(schema).table('flags', {
          id: bigint('id', { mode: 'number' }).primaryKey(),
          onAt: timestamp('on_at', { withTimezone: false }),
          set: boolean('set').notNull(),
        }),
      }),
    });
    expect(drift).toEqual([
      'flags.on_at: Drizzle says timestamp, the migrations timestamp with time zone',
      'flags.set: Drizzle says not null, the migrations nullable',
    ]);
  });
});
