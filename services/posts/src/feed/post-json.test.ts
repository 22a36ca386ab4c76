/**
 * The posts' JSON that PostgreSQL writes (post-json.ts) and the answers around it (answers.ts) are
 * exactly what the routes' schema serialisers would write for the same data: every answer read
 * back and serialised again gives the same bytes, so no field outside the contract's schema, no
 * other escape and no other date format can reach a client. The values follow the contract's
 * rules: a member missing from the projection shows as `unknownMember`, media split by
 * `mediaTypeOf`, videos with their state (and renditions when known), photos with their sizes when
 * known (decision 044), dates as `toISOString()` writes them.
 */
import { mediaTypeOf, postListSchema, postSchema, unknownMember, type Post } from '@kora/contracts';
import { serializerCompiler } from '@kora/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import {
  backdate,
  befriend,
  client,
  createGroup,
  mediaUrl,
  memberIds,
  postsHandle,
  registerMember,
  startPosts,
  type PostsTestService,
} from '../test-support.js';
import { LIST_LIKERS } from './post-json.js';

const serializerOf = (schema: unknown) => serializerCompiler({ schema, method: 'GET', url: '/' });
const asSerialised = { post: serializerOf(postSchema), list: serializerOf(postListSchema) };

describe(`posts as PostgreSQL writes them (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: PostsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();
  const [me, friend, ghost] = [nextId(), nextId(), nextId()];
  const videos = { ready: mediaUrl('videos'), failed: mediaUrl('videos'), processing: mediaUrl('videos'), unknown: mediaUrl('videos') };
  const image = mediaUrl('images');
  // A photo stored before light media (decision 044): no sizes known, left out of imageDetails.
  const oldImage = mediaUrl('images');
  const photo = {
    url: image,
    width: 1080,
    height: 720,
    placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
    widths: [320, 640, 1080],
    formats: ['avif', 'webp'],
  } as const;
  const renditions = [
    { url: videos.ready.replace('.mp4', '-360.mp4'), width: 640, height: 360 },
    { url: videos.ready, width: 1280, height: 720 },
  ];
  const awkward = 'tab\there "q" \\ \u0001 \u001f é 😀 \u2028 </script>';
  const ids: number[] = [];
  // A year ago today at 10:20:30.999 UTC (a memory), minus a few odd milliseconds per post.
  const today = new Date();
  const firstAt = Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate(), 10, 20, 30, 999);

  beforeAll(async () => {
    svc = await startPosts({ env: { KORA_TIME_ZONE: 'UTC' } });
    api = client(svc);
    await registerMember(svc, me, 'me "quoted" \\ back');
    await registerMember(svc, friend, 'amaka_ọ́');
    // `ghost` never registers: an author and a commenter the projection does not know yet.
    await befriend(svc, me, friend);
    await befriend(svc, me, ghost);
    await svc.ctx.db.insert(svc.tables.videos).values([
      { url: videos.ready, status: 'ready', posterUrl: '/uploads/images/poster.webp', durationSeconds: 12.345678, renditions },
      { url: videos.failed, status: 'failed', error: 'Longer than 90 seconds\n"sorry"' },
      { url: videos.processing, status: 'processing' },
    ]);
    await svc.ctx.db.insert(svc.tables.photos).values({ ...photo, formats: [...photo.formats], widths: [...photo.widths], uploaderId: me });
    const posts = [
      { author: me, content: awkward, media: [videos.ready, oldImage, image, videos.failed, videos.processing, videos.unknown] },
      { author: friend, content: 'plain', media: [image] },
      { author: ghost, content: 'from the unknown', media: [] },
      { author: me, content: '', media: [image, image] },
    ];
    for (const [i, p] of posts.entries()) {
      const post = await api.createPost(
        p.author,
        p.content,
        p.media.map((url) => ({ url })),
      );
      await backdate(svc, post.id, new Date(firstAt - i * 1_234.5));
      ids.push(post.id);
    }
    // The viewer's like older than the newest likers, comments by known and unknown members.
    await api.post(`/api/posts/${ids[0]}/react`, me, { reaction: 'like' });
    for (let k = 0; k < LIST_LIKERS + 1; k++) await api.post(`/api/posts/${ids[0]}/react`, nextId(), { reaction: 'like' });
    await api.post(`/api/posts/${ids[1]}/react`, me, { reaction: 'like' });
    await api.post(`/api/posts/${ids[0]}/comment`, friend, { content: awkward });
    await svc.ctx.db.insert(svc.tables.comments).values({ postId: ids[0]!, userId: ghost, content: 'from a ghost' });
    await api.post(`/api/posts/${ids[1]}/share`, me);
    await api.post('/api/saves', me, { postId: ids[1] });
    await setShadowHidden(postsHandle(svc), ids[3]!, true);
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
  });

  /** The answer's body, checked to be what the schema's serialiser writes for it. */
  async function body<T>(path: string, viewer: number, serialise: (data: unknown) => string): Promise<T> {
    return (await answer<T>(path, viewer, serialise)).data;
  }
  async function answer<T>(path: string, viewer: number, serialise: (data: unknown) => string) {
    const res = await api.get(path, viewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(serialise(JSON.parse(res.body)));
    return { data: res.json<T>(), nextCursor: res.headers['x-next-cursor'] as string | undefined };
  }

  it('writes every list and the post page byte for byte as the schema serialisers would', async () => {
    const feed = await answer<Post[]>('/api/posts?limit=3', me, asSerialised.list);
    expect(feed.data.map((p) => p.id)).toEqual(ids.slice(0, 3));
    expect(feed.nextCursor).toBeDefined();
    const rest = await answer<Post[]>(`/api/posts?limit=3&cursor=${feed.nextCursor}`, me, asSerialised.list);
    expect(rest.data).toMatchObject([{ id: ids[3] }]);
    expect(rest.nextCursor).toBeUndefined();
    await body<Post[]>(`/api/posts?authorId=${me}`, friend, asSerialised.list);
    await body<Post[]>('/api/saves', me, asSerialised.list);
    const memories = await body<Post[]>('/api/memories', me, asSerialised.list);
    expect(memories.map((p) => p.id)).toEqual([ids[0], ids[3]]);
    for (const id of ids) await body<Post>(`/api/posts/${id}`, me, asSerialised.post);

    const stranger = nextId(); // not in the viewer's feed, which the next test reads
    const created = await api.post('/api/posts', stranger, { userId: stranger, content: awkward, media: [{ url: image }] });
    expect(created.statusCode).toBe(201);
    expect(created.body).toBe(asSerialised.post(JSON.parse(created.body)));

    // A group's post carries its group, the title written as the serialiser would (decision 021).
    const groupId = nextId();
    await createGroup(svc, groupId, stranger, 'public', awkward);
    const inGroup = await api.post('/api/posts', stranger, { userId: stranger, content: 'in a group', groupId });
    expect(inGroup.body).toBe(asSerialised.post(JSON.parse(inGroup.body)));
    const [listed] = await body<Post[]>(`/api/groups/${groupId}/posts`, stranger, asSerialised.list);
    expect(listed!.group).toEqual({ id: groupId, title: awkward });
  });

  it('follows the contract: unknown members, media by type, video states, flags, likers and dates', async () => {
    const [first, second, third] = await body<Post[]>('/api/posts?limit=3', me, asSerialised.list);
    const media = [videos.ready, oldImage, image, videos.failed, videos.processing, videos.unknown];
    expect(first).toMatchObject({
      content: awkward,
      images: media.filter((url) => mediaTypeOf(url) === 'image'),
      videos: media.filter((url) => mediaTypeOf(url) === 'video'),
      videoDetails: [
        {
          url: videos.ready,
          status: 'ready',
          posterUrl: '/uploads/images/poster.webp',
          durationSeconds: 12.345678,
          error: null,
          renditions,
        },
        { url: videos.failed, status: 'failed', posterUrl: null, durationSeconds: null, error: 'Longer than 90 seconds\n"sorry"' },
        { url: videos.processing, status: 'processing', posterUrl: null, durationSeconds: null, error: null },
        { url: videos.unknown, status: 'processing', posterUrl: null, durationSeconds: null, error: null },
      ],
      imageDetails: [photo],
      likeCount: LIST_LIKERS + 2,
      hasLiked: true,
      createdAt: new Date(firstAt).toISOString(),
    });
    // Renditions only where media named them: the other videos' details carry no such key.
    expect(first!.videoDetails.slice(1).every((video) => !('renditions' in video))).toBe(true);
    expect(second!.imageDetails).toEqual([photo]);
    // The newest likers, then the viewer (whose like is older than all of them).
    expect(first!.likes).toHaveLength(LIST_LIKERS + 1);
    expect(first!.likes.at(-1)).toEqual({ userId: me });
    expect(
      first!.comments.map((c) => ({
        userId: c.userId,
        username: c.username,
        name: c.name,
        profileImage: c.profileImage,
        content: c.content,
      })),
    ).toEqual([
      { userId: friend, username: 'amaka_ọ́', name: 'Ada Obi', profileImage: expect.any(String), content: awkward },
      { userId: ghost, ...unknownMember(ghost), content: 'from a ghost' },
    ]);
    expect(first!.comments.every((c) => c.createdAt === new Date(c.createdAt).toISOString())).toBe(true);
    expect(second).toMatchObject({
      likes: [{ userId: me }],
      hasLiked: true,
      hasShared: true,
      hasSaved: true,
      shareCount: 1,
      createdAt: new Date(firstAt - 1_234.5).toISOString(),
    });
    expect(third!.author).toEqual({ id: ghost, ...unknownMember(ghost), verified: false });
    expect([first, second, third].every((p) => p!.sponsored === false && p!.author.verified === false)).toBe(true);
    expect((await body<Post>(`/api/posts/${ids[3]}`, me, asSerialised.post)).isShadowHidden).toBe(true);
    expect((await api.get(`/api/posts/${ids[3]}`, friend)).statusCode).toBe(404);
  });
});
