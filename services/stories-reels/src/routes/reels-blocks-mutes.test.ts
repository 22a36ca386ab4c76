/**
 * The block rule (decision 036) and the mute rule (decision 037) in reels: a blocked pair cannot see,
 * like, share or comment on each other's reels, nor see each other's comments; a muted member's reels
 * and reels whose caption carries a muted word leave the muting member's feed only.
 */
import { reelLimits, reelTexts as t, type Reel, type ReelComment } from '@kora/contracts';
import { announceBlock, announceMutes } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { publishedReel, useReelsService } from '../reels/test-support.js';
import { expectError, memberIds } from '../test-support.js';

describe(`blocks and mutes in reels (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useReelsService();
  const nextId = memberIds();
  const feed = async (userId: number) =>
    (await service.api.get(`/api/reels?limit=${reelLimits.maxPageSize}`, userId)).json<Reel[]>().map((r) => r.id);

  it('keeps a blocked pair apart on every reel route, whoever blocked', async () => {
    const { api, svc, media } = service;
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    const adas = await publishedReel(svc, media, ada);
    const bolas = await publishedReel(svc, media, bola);
    const chidis = await publishedReel(svc, media, chidi);
    for (const who of [ada, bola]) {
      expect((await api.post(`/api/reels/${chidis.id}/comments`, who, { content: `by ${who}` })).statusCode).toBe(201);
    }
    await announceBlock(svc, svc.tables.blocks, ada, bola);

    for (const [viewer, theirs] of [
      [ada, bolas],
      [bola, adas],
    ] as [number, Reel][]) {
      const missing = await api.get('/api/reels/987654321', viewer);
      const hidden = await api.get(`/api/reels/${theirs.id}`, viewer);
      expect([hidden.statusCode, hidden.body]).toEqual([missing.statusCode, missing.body]);
      expectError(hidden, 404, t.notFound);
      expectError(await api.post(`/api/reels/${theirs.id}/like`, viewer), 404, t.notFound);
      expectError(await api.post(`/api/reels/${theirs.id}/share`, viewer), 404, t.notFound);
      expectError(await api.post(`/api/reels/${theirs.id}/comments`, viewer, { content: 'hi' }), 404, t.notFound);
      expectError(await api.get(`/api/reels/${theirs.id}/comments`, viewer), 404, t.notFound);
      expect(await feed(viewer)).not.toContain(theirs.id);
      const comments = (await api.get(`/api/reels/${chidis.id}/comments`, viewer)).json<ReelComment[]>();
      expect(comments.map((c) => c.userId)).toEqual([viewer]);
    }
    expect((await api.get(`/api/reels/${chidis.id}/comments`, chidi)).json<ReelComment[]>()).toHaveLength(2);
    expect(await feed(chidi)).toEqual(expect.arrayContaining([adas.id, bolas.id]));

    await announceBlock(svc, svc.tables.blocks, ada, bola, false);
    expect((await api.get(`/api/reels/${bolas.id}`, ada)).statusCode).toBe(200);
  });

  it("takes muted members' reels and reels with muted words out of the muting member's feed only", async () => {
    const { api, svc, media } = service;
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    const word = `owambe${ada}`;
    const bolas = await publishedReel(svc, media, bola, 'dance');
    const party = await publishedReel(svc, media, chidi, `Friday #${word}!`);
    const other = await publishedReel(svc, media, chidi, `${word}s galore`);
    await announceMutes(svc, svc.tables.mutes, ada, { memberIds: [bola], words: [word] });
    const seen = await feed(ada);
    expect(seen).not.toContain(bolas.id);
    expect(seen).not.toContain(party.id);
    expect(seen).toContain(other.id);
    // By its link, and for everyone else, still there.
    expect((await api.get(`/api/reels/${bolas.id}`, ada)).statusCode).toBe(200);
    expect((await api.get(`/api/reels/${party.id}`, ada)).statusCode).toBe(200);
    expect(await feed(chidi)).toEqual(expect.arrayContaining([bolas.id, party.id]));
  });
});
