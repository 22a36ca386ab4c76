/** Stories and reels' share of a data archive (decision 035): the member's own rows only, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoriesReels } from '../test-support.js';

const nextMember = memberIds();

describe(`stories-reels: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startStoriesReels();
    await seedSql(
      svc,
      `insert into {schema}.stories (user_id, url, type, created_at, expires_at) values
         (${member}, '/uploads/images/${'a'.repeat(32)}.webp', 'image', now(), now() + interval '1 day'),
         (${other}, '/uploads/images/${'b'.repeat(32)}.webp', 'image', now(), now() + interval '1 day');
       insert into {schema}.reels (author_id, video_url, video_id, caption) values
         (${member}, '/uploads/videos/${'c'.repeat(32)}.mp4', ${member}, 'my reel'),
         (${other}, '/uploads/videos/${'d'.repeat(32)}.mp4', ${other}, 'their reel');
       insert into {schema}.reel_comments (reel_id, user_id, content) values (1, ${member}, 'mine'), (1, ${other}, 'theirs');`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's stories, reels and reel comments, with their file links", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.stories!.map((s) => s.url)).toEqual([`/uploads/images/${'a'.repeat(32)}.webp`]);
    expect(sections.reels!.map((r) => [r.caption, r.videoUrl])).toEqual([['my reel', `/uploads/videos/${'c'.repeat(32)}.mp4`]]);
    expect(sections['reel-comments']!.map((c) => c.content)).toEqual(['mine']);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
