/**
 * Which button a group shows the member (docs/product/groups.md): Join when not joined; Pending
 * approval (disabled) while a request waits; Joined (which can be left) once approved; the owner,
 * who cannot leave their own group, gets Manage instead.
 */
import type { GroupItem, GroupRole } from '@kora/contracts';

export type Membership = 'join' | 'pending' | 'joined' | 'owner';

export function membershipOf(group: Pick<GroupItem, 'joined' | 'approved'>, role: GroupRole | null): Membership {
  if (group.joined === '0') return 'join';
  if (group.approved === '0') return 'pending';
  return role === 'owner' ? 'owner' : 'joined';
}

/** Who may review join requests and remove members. */
export function isReviewer(role: GroupRole | null): boolean {
  return role === 'owner' || role === 'admin';
}
