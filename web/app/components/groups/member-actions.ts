/**
 * What the owner and admins may do to a member from the Members tab (the server enforces the same:
 * groups service), and the confirmation each asks for. The owner: make or unmake admins, hand the
 * group over, remove anyone but themselves. Admins: remove plain members. Nobody acts on the owner.
 */
import { type GroupMember, type GroupRole, groupScreenTexts as texts } from '@kora/contracts';

export type MemberActionKind = 'make-admin' | 'remove-admin' | 'hand-over' | 'remove';

export function memberActions(
  viewer: { userId: number; role: GroupRole | null },
  member: Pick<GroupMember, 'userId' | 'role'>,
): MemberActionKind[] {
  if (member.userId === viewer.userId || member.role === 'owner') return [];
  if (viewer.role === 'owner') return [member.role === 'admin' ? 'remove-admin' : 'make-admin', 'hand-over', 'remove'];
  if (viewer.role === 'admin' && member.role === 'member') return ['remove'];
  return [];
}

/** The form a confirmed action sends (intent and fields for POST /resources/groups). */
export function memberActionForm(
  kind: MemberActionKind,
  groupId: number,
  userId: number,
): { intent: 'role' | 'remove'; fields: Record<string, string | number> } {
  switch (kind) {
    case 'make-admin':
      return { intent: 'role', fields: { groupId, userId, role: 'admin' } };
    case 'remove-admin':
      return { intent: 'role', fields: { groupId, userId, role: 'member' } };
    case 'hand-over':
      return { intent: 'role', fields: { groupId, userId, role: 'owner' } };
    case 'remove':
      return { intent: 'remove', fields: { groupId, userId } };
  }
}

export function memberActionLabel(kind: MemberActionKind): string {
  switch (kind) {
    case 'make-admin':
      return texts.makeAdmin;
    case 'remove-admin':
      return texts.removeAdmin;
    case 'hand-over':
      return texts.handOver;
    case 'remove':
      return texts.removeMember;
  }
}

export function memberActionConfirmation(kind: MemberActionKind, name: string): { title: string; description: string; confirm: string } {
  switch (kind) {
    case 'make-admin':
      return { title: texts.makeAdminTitle(name), description: texts.makeAdminDescription, confirm: texts.makeAdmin };
    case 'remove-admin':
      return { title: texts.removeAdminTitle(name), description: texts.removeAdminDescription, confirm: texts.removeAdmin };
    case 'hand-over':
      return { title: texts.handOverTitle(name), description: texts.handOverDescription, confirm: texts.handOver };
    case 'remove':
      return { title: texts.removeMemberTitle(name), description: texts.removeMemberDescription, confirm: texts.removeMember };
  }
}
