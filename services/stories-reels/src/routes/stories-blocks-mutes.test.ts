/**
 * The block rule (decision 036) and the mute rule (decision 037) in stories: a blocked friend's
 * stories leave the strip and answer 404 by id, a blocked viewer leaves the owner's viewers list; a
 * muted friend's stories leave the strip.
 */
import { storyTexts as t, type StoryViewer } from '@kora/contracts';
import { announceBlock, announceMutes } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { storiesClient, useMediaStub } from '../stories/test-support.js';
import { befriend, expectError, memberIds, useStoriesReelsService } from '../test-support.js';

describe(`blocks and mutes in stories (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const stub = useMediaStub();
  const service = useStoriesReelsService(() => ({ media: stub.media.url }));
  const nextId = memberIds();
  const api = () => storiesClient(service.svc);
  const owners = async (userId: number) => (await api().strip(userId)).map((g) => g.userId);

  it("keeps a blocked pair out of each other's strips, stories and viewers lists", async () => {
    const svc = service.svc;
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    await befriend(svc, ada, bola);
    await befriend(svc, ada, chidi);
    const adas = await api().postImage(ada);
    const bolas = await api().postImage(bola);
    await api().view(bola, adas.id);
    await api().view(chidi, adas.id);
    const viewers = async () => (await api().get(`/api/stories/${adas.id}/viewers`, ada)).json<StoryViewer[]>().map((v) => v.userId);
    expect((await viewers()).sort()).toEqual([bola, chidi].sort());

    await announceBlock(svc, svc.tables.blocks, bola, ada);
    expect(await owners(ada)).toEqual([ada]);
    expect(await owners(bola)).toEqual([bola]);
    expectError(await api().post(`/api/stories/${bolas.id}/view`, ada), 404, t.notFound);
    expectError(await api().post(`/api/stories/${adas.id}/view`, bola), 404, t.notFound);
    expectError(await api().get(`/api/stories/${adas.id}/viewers`, bola), 404, t.notFound);
    expect(await viewers()).toEqual([chidi]);
    expect(await owners(chidi)).toEqual([ada]);

    await announceBlock(svc, svc.tables.blocks, bola, ada, false);
    expect(await owners(ada)).toEqual([ada, bola]);
  });

  it("takes a muted friend's stories out of the muting member's strip only", async () => {
    const svc = service.svc;
    const [ada, bola] = [nextId(), nextId()];
    await befriend(svc, ada, bola);
    const bolas = await api().postImage(bola);
    await announceMutes(svc, svc.tables.mutes, ada, { memberIds: [bola] });
    expect(await owners(ada)).toEqual([]);
    expect(await owners(bola)).toEqual([bola]);
    // Still opens by its id (marking it seen is allowed).
    await api().view(ada, bolas.id);
  });
});
