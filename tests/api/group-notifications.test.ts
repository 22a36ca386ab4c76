/**
 * Group notifications through the gateway, with the real groups service (decision 021): a request
 * to join a private group notifies its owner and admins, an approval notifies the member let in,
 * and a member who turned group activity off gets none.
 */
import type { GroupDetail, Notification } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { api, body, MODE } from './support/product.js';
import { saveSettings } from './support/settings.js';

const call = (who: SignedIn, path: string, method = 'POST', payload: unknown = {}): Promise<Response> =>
  api(path, json(payload, who.token, method));

async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return body<T>(res);
}

/** A private group of `owner`'s with `admin` let in and made an admin. */
async function privateGroupWithAdmin(owner: SignedIn, admin: SignedIn, title: string): Promise<number> {
  const { group_id: groupId } = await ok<GroupDetail>(await call(owner, '/api/groups', 'POST', { title, privacy: 'private' }), 201);
  await ok(await call(admin, `/api/groups/${groupId}/join`));
  await ok(await call(owner, `/api/groups/${groupId}/requests/${admin.user.user_id}/approve`));
  await ok(await call(owner, `/api/groups/${groupId}/members/${admin.user.user_id}/role`, 'PUT', { role: 'admin' }));
  return groupId;
}

const groupNotification = (type: string, groupId: number, actorId: number) => (n: Notification) =>
  n.type === type && n.entityId === groupId && n.actorId === actorId;

describe(`group notifications through the gateway (${MODE})`, () => {
  let owner: SignedIn;
  let admin: SignedIn;
  let requester: SignedIn;
  beforeAll(async () => {
    [owner, admin, requester] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });

  it("a join request notifies the group's owner and admins; the approval notifies the member", async () => {
    const title = 'Surulere Book Club';
    const groupId = await privateGroupWithAdmin(owner, admin, title);
    await ok(await call(requester, `/api/groups/${groupId}/join`));

    const asked = groupNotification('group_join_request', groupId, requester.user.user_id);
    for (const reviewer of [owner, admin]) {
      const found = (
        await readUntil(
          () => notificationsOf(reviewer),
          (list) => list.some(asked),
          EVENTUAL_MS,
        )
      ).find(asked);
      expect(found).toMatchObject({
        entityType: 'group',
        entityId: groupId,
        message: `asked to join ${title}`,
        meta: { groupId, postId: null },
        readAt: null,
      });
    }
    // The requester is told nothing of their own request.
    expect((await notificationsOf(requester)).some((n) => n.type === 'group_join_request')).toBe(false);

    await ok(await call(admin, `/api/groups/${groupId}/requests/${requester.user.user_id}/approve`));
    const approved = groupNotification('group_join_approved', groupId, admin.user.user_id);
    const found = (
      await readUntil(
        () => notificationsOf(requester),
        (list) => list.some(approved),
        EVENTUAL_MS,
      )
    ).find(approved);
    expect(found).toMatchObject({
      entityType: 'group',
      entityId: groupId,
      message: `approved your request to join ${title}`,
      meta: { groupId },
    });
  });

  it('a reviewer who turned group activity off gets no join requests; the other reviewers still do', async () => {
    const [quietOwner, loudAdmin] = await Promise.all([signedInMember(), signedInMember()]);
    const groupId = await privateGroupWithAdmin(quietOwner, loudAdmin, 'Quiet Readers');
    await saveSettings(quietOwner, 'notifications', { inappGroupActivity: false });
    // Notifications learns of the switch through an event: ask (each time as a new member) until a
    // request reaches the admin but not the owner (one event notifies both at once), then once more.
    const askOnce = async () => {
      const someone = await signedInMember();
      await ok(await call(someone, `/api/groups/${groupId}/join`));
      const asked = groupNotification('group_join_request', groupId, someone.user.user_id);
      await readUntil(
        () => notificationsOf(loudAdmin),
        (list) => list.some(asked),
        EVENTUAL_MS,
      );
      return (await notificationsOf(quietOwner)).some(asked);
    };
    const deadline = Date.now() + EVENTUAL_MS;
    let ownerNotified = await askOnce();
    while (ownerNotified && Date.now() < deadline) ownerNotified = await askOnce();
    expect(ownerNotified).toBe(false);
    expect(await askOnce()).toBe(false);
  }, 120_000);
});
