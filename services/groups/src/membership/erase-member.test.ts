/**
 * An erased member in groups (`user.deleted`, decision 034): a group they owned passes to its
 * oldest admin (else oldest member) without its picture, a group nobody else is in is deleted,
 * their memberships elsewhere go with the counts following; replaying changes nothing more.
 */
import { eventually, processed, publishEvent } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countsOf, groupEvents, groupWithCast, memberIds, useGroupsService } from '../test-support.js';

const picture = '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp';

describe(`erasing a member from groups (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useGroupsService();
  const nextId = memberIds();
  const erase = async (userId: number) => {
    const { id } = await publishEvent(service.svc, 'user.deleted', { userId, profileFiles: [] }, userId, userId);
    await eventually(() => processed(service.svc, id));
  };
  const groupRow = async (groupId: number) => {
    const g = service.svc.tables.groups;
    return (await service.svc.ctx.db.select().from(g).where(eq(g.id, groupId)))[0];
  };

  it('hands an owned group to its oldest admin, deletes one left empty, and leaves the rest', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    await svc.ctx.db.update(svc.tables.groups).set({ picture }).where(eq(svc.tables.groups.id, cast.groupId));
    const alone = (await api.create(cast.owner, { title: 'Just me' })).group_id;
    const elsewhere = (await api.create(cast.member, { title: 'Book club' })).group_id;
    await api.join(cast.owner, elsewhere);
    const before = await countsOf(svc, elsewhere);

    await erase(cast.owner);
    const handed = await groupRow(cast.groupId);
    expect(handed).toMatchObject({ ownerId: cast.admin, picture: null });
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 2, approved: 2 });
    expect(await groupRow(alone)).toBeUndefined();
    expect(await countsOf(svc, elsewhere)).toEqual({ stored: before.stored - 1, approved: before.approved - 1 });
    expect((await groupEvents(svc, cast.groupId, 'group.updated')).at(-1)!.payload).toMatchObject({ ownerId: cast.admin });
    expect(await groupEvents(svc, alone, 'group.deleted')).toHaveLength(1);

    // Redelivered: nothing more moves.
    await erase(cast.owner);
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 2, approved: 2 });
    expect(await groupEvents(svc, alone, 'group.deleted')).toHaveLength(1);
  });

  it('without an admin, the oldest member takes the group', async () => {
    const { api } = service;
    const [owner, first, second] = [nextId(), nextId(), nextId()];
    const groupId = (await api.create(owner, { title: 'Open house' })).group_id;
    await api.join(first, groupId);
    await api.join(second, groupId);
    await erase(owner);
    expect(await groupRow(groupId)).toMatchObject({ ownerId: first, memberCount: 2 });
  });
});
