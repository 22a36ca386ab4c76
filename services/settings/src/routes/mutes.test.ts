import { MAX_MUTED_WORDS, safetyTexts as t, type Mutes } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, eventsOf, expectError, memberIds, registerMember, startSettings, type SettingsTestService } from '../test-support.js';

describe(`mutes (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: SettingsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startSettings();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ok = async (res: Promise<{ statusCode: number; body: string; json<T>(): T }>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Mutes>();
  };
  const member = async (username: string) => {
    const id = nextId();
    await registerMember(svc, id, username, `${username}@example.ng`);
    return id;
  };

  it('refuses anonymous callers on every route, before reading the body', async () => {
    expect((await api.get('/api/settings/mutes', null)).statusCode).toBe(401);
    expect((await api.post('/api/settings/mutes/members', null, { userId: 'x' })).statusCode).toBe(401);
    expect((await api.delete('/api/settings/mutes/members/1', null)).statusCode).toBe(401);
    expect((await api.post('/api/settings/mutes/words', null, { word: '' })).statusCode).toBe(401);
    expect((await api.delete('/api/settings/mutes/words/x', null)).statusCode).toBe(401);
  });

  it('mutes and unmutes members with their names, idempotently, and announces the complete lists each time', async () => {
    const [ada, chidi, bola] = [await member('ada'), await member('chidi'), await member('bola')];
    expect(await ok(api.get('/api/settings/mutes', ada))).toEqual({ members: [], words: [] });

    await ok(api.post('/api/settings/mutes/members', ada, { userId: chidi }));
    const twice = await ok(api.post('/api/settings/mutes/members', ada, { userId: String(chidi) }));
    const both = await ok(api.post('/api/settings/mutes/members', ada, { userId: bola }));
    expect(twice.members.map((m) => m.id)).toEqual([chidi]);
    expect(both.members).toEqual([
      expect.objectContaining({ id: chidi, user_name: 'chidi', name: expect.any(String), profileImage: expect.any(String) }),
      expect.objectContaining({ id: bola, user_name: 'bola' }),
    ]);
    expect(await ok(api.get('/api/settings/mutes', ada))).toEqual(both);

    const after = await ok(api.delete(`/api/settings/mutes/members/${chidi}`, ada));
    expect(after.members.map((m) => m.id)).toEqual([bola]);
    expectError(await api.delete(`/api/settings/mutes/members/${chidi}`, ada), 404, t.notMuted);

    // The repeat changed nothing, so three announcements, each with the whole list; none about the muted.
    const events = await eventsOf(svc, 'settings.mutes-changed', ada);
    expect(events.map((e) => e.payload)).toEqual([
      { userId: ada, memberIds: [chidi], words: [] },
      { userId: ada, memberIds: [chidi, bola], words: [] },
      { userId: ada, memberIds: [bola], words: [] },
    ]);
    expect(await eventsOf(svc, 'settings.mutes-changed', chidi)).toEqual([]);
    // Another member's list is their own.
    expect(await ok(api.get('/api/settings/mutes', bola))).toEqual({ members: [], words: [] });
  });

  it('refuses muting yourself, unknown members and bad ids, and removing what is not muted', async () => {
    const ada = await member('ada2');
    expectError(await api.post('/api/settings/mutes/members', ada, { userId: ada }), 400, t.notYourselfMute);
    expectError(await api.post('/api/settings/mutes/members', ada, { userId: 987_654_321 }), 404, t.userNotFound);
    for (const userId of [0, -3, 'abc', 1.5, null]) {
      expect((await api.post('/api/settings/mutes/members', ada, { userId })).statusCode).toBe(400);
    }
    expect((await api.post('/api/settings/mutes/members', ada, {})).statusCode).toBe(400);
    for (const id of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expectError(await api.delete(`/api/settings/mutes/members/${id}`, ada), 404, t.notMuted);
    }
    expectError(await api.delete('/api/settings/mutes/words/never', ada), 404, t.wordNotMuted);
    expect(await eventsOf(svc, 'settings.mutes-changed', ada)).toEqual([]);
  });

  it('stores words normalised, in the order added, removes them by any spelling, and refuses bad ones', async () => {
    const ada = await member('ada3');
    await ok(api.post('/api/settings/mutes/words', ada, { word: '  #Spoilers ' }));
    await ok(api.post('/api/settings/mutes/words', ada, { word: 'Election   results' }));
    const again = await ok(api.post('/api/settings/mutes/words', ada, { word: '#SPOILERS' }));
    expect(again.words).toEqual(['#spoilers', 'election results']);

    for (const word of ['', '   ', '#', 'a.b', '<script>', 'x'.repeat(101), 42, null]) {
      expectError(await api.post('/api/settings/mutes/words', ada, { word }), 400, t.wordInvalid);
    }
    expect((await ok(api.delete('/api/settings/mutes/words/%23Spoilers', ada))).words).toEqual(['election results']);
    expect((await ok(api.delete('/api/settings/mutes/words/Election%20Results', ada))).words).toEqual([]);
    expect((await eventsOf(svc, 'settings.mutes-changed', ada)).map((e) => e.payload.words)).toEqual([
      ['#spoilers'],
      ['#spoilers', 'election results'],
      ['election results'],
      [],
    ]);
  });

  it('keeps both of two concurrent adds, in the lists and in the last announcement', async () => {
    const ada = await member('ada4');
    const others = [await member('emeka'), await member('funmi')];
    await Promise.all([
      ...others.map((userId) => api.post('/api/settings/mutes/members', ada, { userId })),
      ...['lagos', 'abuja', '#naija'].map((word) => api.post('/api/settings/mutes/words', ada, { word })),
    ]);
    const mutes = await ok(api.get('/api/settings/mutes', ada));
    expect(mutes.members.map((m) => m.id).sort()).toEqual([...others].sort());
    expect([...mutes.words].sort()).toEqual(['#naija', 'abuja', 'lagos']);
    const events = await eventsOf(svc, 'settings.mutes-changed', ada);
    expect(events).toHaveLength(5);
    expect(events.at(-1)!.payload).toEqual({ userId: ada, memberIds: mutes.members.map((m) => m.id), words: mutes.words });
  });

  it(`holds the cap of ${MAX_MUTED_WORDS} words (a repeat of a muted word still answers)`, async () => {
    const ada = await member('ada5');
    const words = Array.from({ length: MAX_MUTED_WORDS }, (_, i) => `word${i}`);
    await svc.ctx.db.insert(svc.tables.muteLists).values({ userId: ada, updatedAt: new Date() });
    await svc.ctx.db.insert(svc.tables.mutedWords).values(words.map((word) => ({ userId: ada, word })));
    expectError(await api.post('/api/settings/mutes/words', ada, { word: 'one more' }), 400, t.tooManyMutedWords(MAX_MUTED_WORDS));
    expect((await ok(api.post('/api/settings/mutes/words', ada, { word: 'word7' }))).words).toHaveLength(MAX_MUTED_WORDS);
    await ok(api.delete('/api/settings/mutes/words/word0', ada));
    expect((await ok(api.post('/api/settings/mutes/words', ada, { word: 'one more' }))).words.at(-1)).toBe('one more');
  });
});
