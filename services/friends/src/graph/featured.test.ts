/**
 * Featured members (decision 023): a member whose Pro plan runs is listed first among suggestions
 * and shows the verified badge there and in friends lists, by the friends service's clock; when
 * the plan runs out they fall back to their place with no event.
 */
import type { Friend, Suggestion } from '@kora/contracts';
import { eventually, processed, publishEvent, testClock } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, memberIds, registerMember, startFriends, type FriendsTestService } from '../test-support.js';

const DAY = 24 * 60 * 60 * 1000;

describe(`featured members (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const clock = testClock();
  let svc: FriendsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startFriends({ now: clock.now });
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function grantPlan(userId: number, activeUntil: Date): Promise<void> {
    const payload = {
      userId,
      packageId: 'vip' as const,
      startedAt: clock.now().toISOString(),
      activeUntil: activeUntil.toISOString(),
      boostPosts: 30,
    };
    const event = await publishEvent(svc, 'membership.changed', payload, userId, userId);
    await eventually(() => processed(svc, event.id));
  }
  const suggestions = async (userId: number) => (await api.get('/api/friends/suggestions?limit=50', userId)).json<Suggestion[]>();

  it('lists members with an active plan first, with their badge, until the plan runs out', async () => {
    const [me, friend, mutual, featured, plain] = [nextId(), nextId(), nextId(), nextId(), nextId()];
    // Registered oldest first: `featured` is older than `plain`, and shares no friend with me.
    for (const id of [me, friend, mutual, featured, plain]) await registerMember(svc, id);
    await api.befriend(me, friend);
    await api.befriend(friend, mutual);
    await grantPlan(featured, new Date(clock.now().getTime() + 30 * DAY));

    const ours = (list: Suggestion[]) => list.filter((s) => [mutual, featured, plain].includes(s.id));
    const before = await suggestions(me);
    expect(ours(before).map((s) => [s.id, s.verified])).toEqual([
      [featured, true],
      [mutual, false],
      [plain, false],
    ]);
    // Featured first over the whole list: every verified suggestion comes before every other.
    const flags = before.map((s) => s.verified);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));

    await api.befriend(me, featured);
    expect((await api.get('/api/friends/list', me)).json<Friend[]>().find((f) => f.id === featured)?.verified).toBe(true);

    clock.advance(31 * DAY);
    expect((await api.get('/api/friends/list', me)).json<Friend[]>().find((f) => f.id === featured)?.verified).toBe(false);
    const other = nextId();
    await registerMember(svc, other);
    await api.befriend(other, friend);
    await api.befriend(other, featured);
    // From `other`: mutual friends first as before; the lapsed plan no longer lifts anyone.
    const after = await suggestions(other);
    expect(after.filter((s) => s.id === featured || s.id === me || s.id === mutual).every((s) => !s.verified)).toBe(true);
  });
});
