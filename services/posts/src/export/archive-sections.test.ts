/** Posts' share of a data archive (decision 035): the member's own rows only, paged, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPosts } from '../test-support.js';
import { archiveSections } from './archive-sections.js';

const nextMember = memberIds();

describe(`posts: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startPosts();
    await seedSql(
      svc,
      `insert into {schema}.posts (author_id, content, media) values
         (${member}, 'first', '{/uploads/images/0123456789abcdef0123456789abcdef.webp}'),
         (${other}, 'not mine', '{}'), (${member}, 'second', '{}'), (${member}, 'third', '{}');
       insert into {schema}.comments (post_id, user_id, content) values (1, ${member}, 'my comment'), (1, ${other}, 'their comment');
       insert into {schema}.saves (user_id, post_id) values (${member}, 2), (${other}, 1);`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's posts, comments and saves, nobody else's", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.posts!.map((p) => p.content)).toEqual(['first', 'second', 'third']);
    expect(sections.posts![0]!.media).toEqual(['/uploads/images/0123456789abcdef0123456789abcdef.webp']);
    expect(sections.comments!.map((c) => c.content)).toEqual(['my comment']);
    expect(sections.saves).toEqual([{ postId: 2, savedAt: expect.any(String) }]);
    expect(Object.keys(await exportOf(svc, nextMember()))).toEqual([]);
  });

  it('reads a page at a time, each after the last key', async () => {
    const [posts] = archiveSections(svc.ctx);
    const first = await posts!.page(member, null, 2);
    expect(first.rows.map((p) => p.content)).toEqual(['first', 'second']);
    const rest = await posts!.page(member, first.last, 2);
    expect(rest.rows.map((p) => p.content)).toEqual(['third']);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
