/**
 * The friend request policy (privacy "friendRequestPolicy"), through the routes that apply it:
 * sending a request, the relation the profile's button reads, and the suggestions.
 */
import { friendTexts, type Relation, type Suggestion } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, memberIds, registerMembers, setPrivacy, useFriendsService } from '../test-support.js';

describe(`the friend request policy (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useFriendsService();
  const nextId = memberIds();

  const relation = async (userId: number, other: number) =>
    (await service.api.get(`/api/friends/relation/${other}`, userId)).json<Relation>();
  const suggested = async (userId: number) =>
    (await service.api.get('/api/friends/suggestions?limit=50', userId)).json<Suggestion[]>().map((s) => s.id);

  it('everyone (the default, and chosen again): a stranger may ask', async () => {
    const [shy, stranger, other] = await registerMembers(service.svc, nextId, 3);
    expect(await relation(stranger, shy)).toEqual({ userId: shy, status: 'none', requestId: null, canRequest: true, reason: null });
    expect((await service.api.post('/api/friends/requests', stranger, { toUserId: shy })).statusCode).toBe(201);
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'friends_of_friends' });
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'everyone' });
    expect((await service.api.post('/api/friends/requests', other, { toUserId: shy })).statusCode).toBe(201);
  });

  it('friends_of_friends: refuses a member with no mutual friend (403, with the reason in the relation), allows one who shares a friend', async () => {
    const [shy, stranger, mutual, friendOfFriend] = await registerMembers(service.svc, nextId, 4);
    await service.api.befriend(shy, mutual);
    await service.api.befriend(friendOfFriend, mutual);
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'friends_of_friends' });

    expect(await relation(stranger, shy)).toEqual({
      userId: shy,
      status: 'none',
      requestId: null,
      canRequest: false,
      reason: friendTexts.friendsOfFriendsOnly,
    });
    const refused = await service.api.post('/api/friends/requests', stranger, { toUserId: shy });
    expectError(refused, 403, friendTexts.friendsOfFriendsOnly);
    expect(refused.json().code).toBe('FRIENDS_OF_FRIENDS_ONLY');
    expect(await (await service.api.get('/api/friends/requests', shy)).json()).toEqual([]);

    expect(await relation(friendOfFriend, shy)).toEqual({ userId: shy, status: 'none', requestId: null, canRequest: true, reason: null });
    expect((await service.api.post('/api/friends/requests', friendOfFriend, { toUserId: shy })).statusCode).toBe(201);

    // The member's own friends are friends already (409 as always), and they see no reason line.
    expect(await relation(mutual, shy)).toMatchObject({ status: 'friends', canRequest: false, reason: null });
  });

  it('friends_of_friends: the stranger becomes a friend of a friend, and then may ask', async () => {
    const [shy, stranger, bridge] = await registerMembers(service.svc, nextId, 3);
    await service.api.befriend(shy, bridge);
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'friends_of_friends' });
    expectError(await service.api.post('/api/friends/requests', stranger, { toUserId: shy }), 403, friendTexts.friendsOfFriendsOnly);
    await service.api.befriend(stranger, bridge);
    expect((await service.api.post('/api/friends/requests', stranger, { toUserId: shy })).statusCode).toBe(201);
  });

  it('is not asked when answering: the member who chose friends_of_friends may still ask a stranger, who may accept', async () => {
    const [shy, stranger] = await registerMembers(service.svc, nextId, 2);
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'friends_of_friends' });
    await service.api.sendRequest(shy, stranger);
    expect(await relation(stranger, shy)).toMatchObject({ status: 'incoming', canRequest: false, reason: null });
    // Sending one back accepts theirs: not a new request, so the policy does not refuse it.
    const res = await service.api.post('/api/friends/requests', stranger, { toUserId: shy });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(friendTexts.requestAccepted);
  });

  it('suggestions leave out a friends_of_friends member who shares no friend, and keep one who does', async () => {
    const [viewer, shy, shyFriendOfFriend, open, bridge] = await registerMembers(service.svc, nextId, 5);
    await setPrivacy(service.svc, shy, { friendRequestPolicy: 'friends_of_friends' });
    await setPrivacy(service.svc, shyFriendOfFriend, { friendRequestPolicy: 'friends_of_friends' });
    await service.api.befriend(viewer, bridge);
    await service.api.befriend(shyFriendOfFriend, bridge);
    const ids = await suggested(viewer);
    expect(ids).toContain(open);
    expect(ids).toContain(shyFriendOfFriend);
    expect(ids).not.toContain(shy);
    // Nor to anyone else who shares no friend with them.
    expect(await suggested(bridge)).not.toContain(shy);
  });
});
