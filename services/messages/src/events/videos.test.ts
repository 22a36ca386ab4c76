/**
 * A message's video (decisions 039 and 010): its state, poster and length come from media's
 * `video.*` events; a video another member uploaded or one that failed is refused at the send; a
 * video finishing after the send announces the message again (`message.updated`) to the members it
 * reaches; an erased member's videos leave the projection.
 */
import { messageTexts as t, type Message, type MessageMedia } from '@kora/contracts';
import { eventually, processed, publishEvent } from '@kora/testing';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, block, expectError, memberIds, outboxEvents, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, chidi, gone] = [nextId(), nextId(), nextId(), nextId()];
const newVideo = () => `/uploads/videos/${randomBytes(16).toString('hex')}.mp4`;
const sendUrl = (id: number) => `/api/messages/conversations/${id}/messages`;

/** Announces a video as media does, keyed by its id; answers the event's id. */
async function announce(type: 'uploaded' | 'processed' | 'failed', url: string, uploaderId: number, videoId: number): Promise<string> {
  const ref = { videoId, url, uploaderId, purpose: 'post' as const };
  const envelope =
    type === 'uploaded'
      ? await publishEvent(file.svc, 'video.uploaded', ref, videoId, uploaderId)
      : type === 'processed'
        ? await publishEvent(
            file.svc,
            'video.processed',
            { ...ref, posterUrl: url.replace('.mp4', '-poster.jpg'), durationSeconds: 12.5, width: 640, height: 360, bytes: 1234 },
            videoId,
            uploaderId,
          )
        : await publishEvent(file.svc, 'video.failed', { ...ref, reason: 'Not a playable video' }, videoId, uploaderId);
  await eventually(() => processed(file.svc, envelope.id));
  return envelope.id;
}

const sendVideo = (from: number, conversationId: number, url: string) =>
  file.api.post(sendUrl(conversationId), from, { clientId: randomUUID(), media: [{ url }] });

const updatesOf = async (messageId: number) =>
  (await outboxEvents(file.svc, 'message.updated')).filter((e) => (e.payload.message as Message).id === messageId);

const mediaIn = async (viewer: number, conversationId: number, messageId: number): Promise<MessageMedia | undefined> =>
  (await file.api.page(viewer, conversationId)).find((msg) => msg.id === messageId)?.media[0];

describe('videos in messages', () => {
  let direct = 0;
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, chidi, gone]);
    await befriend(file.svc, ada, bola);
    direct = (await file.api.start(ada, [bola])).id;
  });

  it('a video sent while processing reads as processing, then ready with its poster and length, announced again once', async () => {
    const url = newVideo();
    const videoId = randomInt(1, 2 ** 31);
    await announce('uploaded', url, ada, videoId);
    const res = await sendVideo(ada, direct, url);
    expect(res.statusCode).toBe(201);
    const message = res.json<Message>();
    const processing = { url, type: 'video', posterUrl: null, state: 'processing', durationSeconds: null, error: null };
    expect(message.media).toEqual([processing]);
    const [sent] = (await outboxEvents(file.svc, 'message.sent')).filter((e) => (e.payload.message as Message).id === message.id);
    expect((sent!.payload.message as Message).media).toEqual([processing]);

    await announce('processed', url, ada, videoId);
    const ready = { url, type: 'video', posterUrl: url.replace('.mp4', '-poster.jpg'), state: 'ready', durationSeconds: 12.5, error: null };
    expect(await mediaIn(bola, direct, message.id)).toEqual(ready);
    const [updated, ...more] = await updatesOf(message.id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({
      key: String(direct),
      actorId: null,
      payload: { conversationId: direct, message: { ...message, media: [ready] } },
    });
    expect((updated!.payload.memberIds as number[]).sort()).toEqual([ada, bola].sort());

    // A repeated or stale event changes nothing and announces nothing.
    await announce('processed', url, ada, videoId);
    await announce('failed', url, ada, videoId);
    await announce('uploaded', url, ada, videoId);
    expect(await mediaIn(ada, direct, message.id)).toEqual(ready);
    expect(await updatesOf(message.id)).toHaveLength(1);
  });

  it('a video sent before media announced it waits as processing; failing later shows media’s reason', async () => {
    const url = newVideo();
    const videoId = randomInt(1, 2 ** 31);
    const message = (await sendVideo(ada, direct, url)).json<Message>();
    expect(message.media[0]).toMatchObject({ state: 'processing', posterUrl: null });
    await announce('uploaded', url, ada, videoId);
    await announce('failed', url, ada, videoId);
    const failed = { url, type: 'video', posterUrl: null, state: 'failed', durationSeconds: null, error: 'Not a playable video' };
    expect(await mediaIn(bola, direct, message.id)).toEqual(failed);
    expect((await updatesOf(message.id)).map((e) => (e.payload.message as Message).media)).toEqual([[failed]]);
    // The list's last message reads the same.
    expect((await file.api.view(bola, direct)).lastMessage?.media).toEqual([failed]);
  });

  it('refuses a video another member uploaded (403) and a failed one (400 with media’s reason)', async () => {
    const theirs = newVideo();
    await announce('uploaded', theirs, bola, randomInt(1, 2 ** 31));
    expectError(await sendVideo(ada, direct, theirs), 403, t.videoNotYours);
    expect((await sendVideo(bola, direct, theirs)).statusCode).toBe(201);

    const broken = newVideo();
    const videoId = randomInt(1, 2 ** 31);
    await announce('uploaded', broken, ada, videoId);
    await announce('failed', broken, ada, videoId);
    expectError(await sendVideo(ada, direct, broken), 400, `${t.videoFailed}: Not a playable video`);
    // A failed video media never announced as uploaded is refused the same way.
    const unannounced = newVideo();
    await announce('failed', unannounced, ada, randomInt(1, 2 ** 31));
    expectError(await sendVideo(ada, direct, unannounced), 400, `${t.videoFailed}: Not a playable video`);
    // Photos are not looked up: no event names their uploader.
    expect(
      (await file.api.post(sendUrl(direct), ada, { clientId: randomUUID(), media: [{ url: `/uploads/images/${'c'.repeat(32)}.webp` }] }))
        .statusCode,
    ).toBe(201);
  });

  it('announces the update only to the members the message reaches: never across a block', async () => {
    const { id: group } = await file.api.start(ada, [bola, chidi], { title: 'Clips' });
    await block(file.svc, chidi, ada);
    const url = newVideo();
    const videoId = randomInt(1, 2 ** 31);
    await announce('uploaded', url, ada, videoId);
    const message = (await sendVideo(ada, group, url)).json<Message>();
    await announce('processed', url, ada, videoId);
    const [updated] = await updatesOf(message.id);
    expect((updated!.payload.memberIds as number[]).sort()).toEqual([ada, bola].sort());
    await block(file.svc, chidi, ada, false);
  });

  it("erasure drops the member's videos from the projection", async () => {
    const { id: convo } = await file.api.start(gone, [ada], { title: 'Gone', group: true });
    const url = newVideo();
    const videoId = randomInt(1, 2 ** 31);
    await announce('uploaded', url, gone, videoId);
    const other = newVideo();
    await announce('uploaded', other, gone, randomInt(1, 2 ** 31));
    expect((await sendVideo(gone, convo, url)).statusCode).toBe(201);
    const v = file.svc.tables.videos;
    await publishEvent(file.svc, 'user.deleted', { userId: gone, profileFiles: [] }, gone, null);
    await eventually(async () => (await file.svc.ctx.db.select().from(v).where(eq(v.uploaderId, gone))).length === 0);
    expect(await file.svc.ctx.db.select().from(v).where(eq(v.url, url))).toEqual([]);
  });
});
