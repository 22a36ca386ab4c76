import { adminPostsQuery, auditQuery } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { readQuery } from './admin-query';

const url = (query: string) => new URL(`http://kora.test/admin/posts${query}`);

describe('readQuery', () => {
  it('reads the defaults', () => {
    expect(readQuery(adminPostsQuery, url(''))).toEqual({ status: 'all', search: '', page: 1, limit: 10 });
  });

  it('reads what the admin chose', () => {
    expect(readQuery(adminPostsQuery, url('?status=shadow&search=jollof&page=3&limit=50'))).toEqual({
      status: 'shadow',
      search: 'jollof',
      page: 3,
      limit: 50,
    });
  });

  it('drops only the refused values', () => {
    expect(readQuery(adminPostsQuery, url('?status=weird&limit=7&page=2'))).toEqual({ status: 'all', search: '', page: 2, limit: 10 });
    expect(readQuery(auditQuery, url('?action=nope&page=0'))).toEqual({ page: 1, limit: 10 });
  });
});
