/**
 * A group as the API answers it: the product's card fields (`group_id`, ..., `joined`/`approved` as
 * '1'/'0') for lists, the detail with the caller's place in it, and the complete state events carry.
 */
import type { EventPayload, GroupDetail, GroupItem } from '@kora/contracts';
import type { GroupRow, MembershipRow } from '../db/schema.js';

/** The caller's membership as far as a card needs it; null when they have none. */
export type CallerMembership = Pick<MembershipRow, 'status' | 'role'> | null;

const flag = (on: boolean) => (on ? '1' : '0');

export function toGroupItem(group: GroupRow, membership: CallerMembership): GroupItem {
  return {
    group_id: group.id,
    group_title: group.title,
    group_picture: group.picture,
    group_members: group.memberCount,
    group_description: group.description,
    joined: flag(membership !== null),
    approved: flag(membership?.status === 'approved'),
    privacy: group.privacy,
  };
}

export function toGroupDetail(group: GroupRow, membership: CallerMembership, pendingRequests: number): GroupDetail {
  return {
    ...toGroupItem(group, membership),
    ownerId: group.ownerId,
    role: membership?.status === 'approved' ? membership.role : null,
    pendingRequests,
    createdAt: group.createdAt.toISOString(),
  };
}

/** `group.created` / `group.updated`: the complete state, so a projection needs nothing older. */
export function groupState(group: GroupRow): EventPayload<'group.created'> {
  return {
    groupId: group.id,
    ownerId: group.ownerId,
    title: group.title,
    description: group.description,
    picture: group.picture,
    privacy: group.privacy,
    createdAt: group.createdAt.toISOString(),
  };
}
