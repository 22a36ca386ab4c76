/**
 * Who may do what in a group, from the caller's membership row (null: none). Read under the
 * group's lock by the writes, so a role changed a moment ago is the role that counts.
 *
 * - owner: edits, deletes, changes roles, hands the group over, removes anyone but themselves;
 * - admins (and the owner): see and answer join requests, remove plain members;
 * - approved members: see a private group's members; a public group's members are anyone's to see.
 */
import type { GroupRow, MembershipRow } from '../db/schema.js';
import { adminsCannotRemoveAdmins, membersOnlyMembers, ownerCannotBeRemoved, ownerOnly, reviewersOnly } from '../errors.js';

type Membership = Pick<MembershipRow, 'status' | 'role'> | null;

export const isApproved = (m: Membership): m is Pick<MembershipRow, 'status' | 'role'> => m?.status === 'approved';

/** The owner and the admins: they answer join requests. */
export const isReviewer = (m: Membership): boolean => isApproved(m) && (m.role === 'owner' || m.role === 'admin');

export function requireOwner(group: GroupRow, userId: number): void {
  if (group.ownerId !== userId) throw ownerOnly();
}

export function requireReviewer(m: Membership): void {
  if (!isReviewer(m)) throw reviewersOnly();
}

export function requireMayListMembers(group: GroupRow, m: Membership): void {
  if (group.privacy === 'private' && !isApproved(m)) throw membersOnlyMembers();
}

/** The caller (`actor`, a reviewer) may remove `target`, an approved member. */
export function requireMayRemove(actor: Membership, target: Pick<MembershipRow, 'role'>): void {
  requireReviewer(actor);
  if (target.role === 'owner') throw ownerCannotBeRemoved();
  if (actor?.role === 'admin' && target.role === 'admin') throw adminsCannotRemoveAdmins();
}
