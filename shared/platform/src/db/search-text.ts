/**
 * Case- and accent-insensitive text search that an index serves (groups' discover search, and the
 * search read model after it): "cafe" finds "Café", "abuja" finds "Àbújá".
 *
 * `unaccent()` itself is only STABLE (its dictionary could change), so no index may use it. The
 * extensions and one IMMUTABLE wrapper, `public.kora_search_text(text)`, are made once per database
 * by `searchTextSql`, which a service puts at the top of the migration that first needs it; an
 * index is then `using gin (public.kora_search_text(column) public.gin_trgm_ops)` and a query
 * `searchTextContains(column, q)`, which pg_trgm's GIN index answers for `like '%…%'`.
 *
 * Extensions belong to the database, not to a schema, so they live in `public` while each service's
 * tables stay in its own schema. Services migrate concurrently at start-up: the advisory lock makes
 * the `create … if not exists` statements take turns instead of failing on each other.
 * Both engines have the extensions: PostgreSQL's contrib (Debian's postgresql package) and PGlite's
 * bundled contrib, which `openPgliteClient` loads.
 */
import { sql, type SQL } from 'drizzle-orm';

export const searchTextSql = `
  select pg_advisory_xact_lock(hashtext('kora-extensions'));
  create extension if not exists unaccent with schema public;
  create extension if not exists pg_trgm with schema public;
  create or replace function public.kora_search_text(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
`;

/** `like` treats % and _ as wildcards and \\ as the escape: a member's query matches them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether `column` (folded like the index) contains every word of `query` (folded the same way),
 * in any order and anywhere: "lagos cafe" finds "Café Lagos Cooks", as people expect of a search
 * box. Each word is its own `like`, and the trigram index answers each.
 */
export function searchTextContains(column: SQL, query: string): SQL {
  return foldedTextContains(sql`public.kora_search_text(${column})`, query);
}

/** The same over text already folded by `kora_search_text` (a stored generated column, say). */
export function foldedTextContains(folded: SQL, query: string): SQL {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql`true`;
  const each = words.map((word) => sql`${folded} like '%' || public.kora_search_text(${escapeLike(word)}) || '%'`);
  return sql`(${sql.join(each, sql` and `)})`;
}
