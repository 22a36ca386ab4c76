/**
 * The users table's state lives in the URL (?search&sort&dir&limit&page) so back/forward and reload
 * show the same rows. Reading is forgiving: a value the API would refuse (limit=7, sort=age) falls
 * back to its default instead of turning the page into an error. Any change of search, sort,
 * direction or page size starts again at page 1 (docs/product/admin.md); only Prev/Next carry a
 * page number.
 */
import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  ADMIN_USER_SORTS,
  SORT_DIRECTIONS,
  adminScreenTexts as t,
  type AdminUserSort,
  type SortDirection,
} from '@kora/contracts';

export interface UsersQuery {
  page: number;
  limit: number;
  search: string;
  sort: AdminUserSort;
  dir: SortDirection;
}

export const DEFAULT_USERS_QUERY: UsersQuery = { page: 1, limit: ADMIN_DEFAULT_PAGE_SIZE, search: '', sort: 'createdAt', dir: 'desc' };

function oneOf<T extends string | number>(list: readonly T[], value: T | null | undefined, fallback: T): T {
  return value !== null && value !== undefined && list.includes(value) ? value : fallback;
}

export function readUsersQuery(params: URLSearchParams): UsersQuery {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    limit: oneOf(ADMIN_PAGE_SIZES, Number(params.get('limit')) as (typeof ADMIN_PAGE_SIZES)[number], ADMIN_DEFAULT_PAGE_SIZE),
    search: (params.get('search') ?? '').trim().slice(0, 200),
    sort: oneOf(ADMIN_USER_SORTS, params.get('sort') as AdminUserSort | null, 'createdAt'),
    dir: oneOf(SORT_DIRECTIONS, params.get('dir') as SortDirection | null, 'desc'),
  };
}

/** The query string of a users-table state; defaults are left out so URLs stay short. */
export function usersSearch(query: UsersQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.sort !== DEFAULT_USERS_QUERY.sort) params.set('sort', query.sort);
  if (query.dir !== DEFAULT_USERS_QUERY.dir) params.set('dir', query.dir);
  if (query.limit !== DEFAULT_USERS_QUERY.limit) params.set('limit', String(query.limit));
  if (query.page !== 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The sort's and direction's names, read at render (in the page's language). */
export function sortLabel(sort: AdminUserSort): string {
  return sort === 'createdAt' ? t.sortCreated : sort === 'email' ? t.sortEmail : t.sortUsername;
}

export function directionLabel(dir: SortDirection): string {
  return dir === 'desc' ? t.dirDesc : t.dirAsc;
}

/** "Page X of Y — N users" (docs/product/admin.md); an empty table is page 1 of 1. */
export function pageSummary(page: number, totalPages: number, total: number): string {
  return t.pageSummary(page, Math.max(1, totalPages), total);
}
