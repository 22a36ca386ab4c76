import { describe, expect, it } from 'vitest';
import { mergeMessages, newestFromOthers, newestId, newestOwn, oldestId, unsettled, type PendingMessage } from './message-list-state';
import { makeMessage } from './test-message';

describe('mergeMessages', () => {
  it('joins pages, live frames and answers into one list, each message once, oldest first', () => {
    const newest = [makeMessage(30), makeMessage(29), makeMessage(31)];
    const older = [makeMessage(10), makeMessage(29)];
    const live = [makeMessage(32), makeMessage(31)];
    expect(mergeMessages(newest, older, live).map((m) => m.id)).toEqual([10, 29, 30, 31, 32]);
    expect(mergeMessages([], []).length).toBe(0);
  });

  it('keeps a deleted copy over the text it replaced, whichever arrived first', () => {
    const text = makeMessage(5);
    const gone = makeMessage(5, { deleted: true, body: '' });
    expect(mergeMessages([text], [gone])[0]!.deleted).toBe(true);
    expect(mergeMessages([gone], [text])[0]!.deleted).toBe(true);
  });

  it('keeps the copy whose video finished over one still processing, whichever arrived first', () => {
    const video = (state: 'processing' | 'ready') => ({ url: '/uploads/videos/v.mp4', type: 'video' as const, posterUrl: null, state });
    const processing = makeMessage(6, { media: [video('processing')] });
    const ready = makeMessage(6, { media: [video('ready')] });
    expect(mergeMessages([processing], [ready])[0]!.media[0]!.state).toBe('ready');
    expect(mergeMessages([ready], [processing])[0]!.media[0]!.state).toBe('ready');
  });

  it('answers the ids a page asks with', () => {
    const list = mergeMessages([makeMessage(3), makeMessage(8)]);
    expect(newestId(list)).toBe(8);
    expect(oldestId(list)).toBe(3);
    expect(newestId([])).toBe(0);
    expect(oldestId([])).toBeNull();
  });
});

describe('pending sends', () => {
  const send = (clientId: string): PendingMessage => ({ clientId, body: 'hi', media: [], replyToId: null, status: 'sending' });

  it('go once a stored message of the member carries their client id', () => {
    const stored = makeMessage(4, { senderId: 7, clientId: 'a' });
    const othersSameId = makeMessage(5, { senderId: 9, clientId: 'b' });
    expect(unsettled([send('a'), send('b')], [stored, othersSameId], 7).map((p) => p.clientId)).toEqual(['b']);
  });
});

describe('newest messages by sender', () => {
  it('finds the newest from others (to read) and the newest own (for marks)', () => {
    const list = [
      makeMessage(1, { senderId: 9 }),
      makeMessage(2, { senderId: 7 }),
      makeMessage(3, { senderId: 9 }),
      makeMessage(4, { senderId: 7 }),
    ];
    expect(newestFromOthers(list, 7)?.id).toBe(3);
    expect(newestOwn(list, 7)?.id).toBe(4);
    expect(newestFromOthers([makeMessage(1, { senderId: 7 })], 7)).toBeNull();
  });
});
