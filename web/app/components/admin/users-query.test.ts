import { describe, expect, it } from 'vitest';
import { pageSummary, readUsersQuery, usersSearch } from './users-query';

describe('readUsersQuery', () => {
  it('reads the table state from the URL', () => {
    expect(readUsersQuery(new URLSearchParams('search=%20ada%20&sort=email&dir=asc&limit=50&page=3'))).toEqual({
      search: 'ada',
      sort: 'email',
      dir: 'asc',
      limit: 50,
      page: 3,
    });
  });

  it('falls back to the defaults for values the API would refuse', () => {
    expect(readUsersQuery(new URLSearchParams('sort=age&dir=up&limit=7&page=-2'))).toEqual({
      search: '',
      sort: 'createdAt',
      dir: 'desc',
      limit: 10,
      page: 1,
    });
    expect(readUsersQuery(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});

describe('usersSearch', () => {
  it('leaves defaults out and keeps the rest', () => {
    expect(usersSearch({ search: '', sort: 'createdAt', dir: 'desc', limit: 10, page: 1 })).toBe('');
    expect(usersSearch({ search: 'a b', sort: 'username', dir: 'asc', limit: 20, page: 2 })).toBe(
      '?search=a+b&sort=username&dir=asc&limit=20&page=2',
    );
  });
});

describe('pageSummary', () => {
  it('reads "Page X of Y — N users", an empty table being page 1 of 1', () => {
    expect(pageSummary(2, 5, 42)).toBe('Page 2 of 5 — 42 users');
    expect(pageSummary(1, 0, 0)).toBe('Page 1 of 1 — 0 users');
  });
});
