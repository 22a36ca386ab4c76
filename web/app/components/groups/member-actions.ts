/**
 * What the owner and admins may do to a member from the Members tab (the server enforces the same:
 * groups service), and the confirmation each asks for. The owner: make or unmake admins, hand the
 * group over, remove anyone but themselves. Admins: remove plain members. Nobody acts on the owner.
 */
import type { GroupMember, GroupRole } from '@kora/contracts';
import { groupPageTexts as texts } from './texts';

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

export const memberActionLabels: Record<MemberActionKind, string> = {
  'make-admin': texts.makeAdmin,
  'remove-admin': texts.removeAdmin,
  'hand-over': texts.handOver,
  remove: texts.removeMember,
};

export function memberActionConfirmation(kind: MemberActionKind, name: string): { title: string; description: string; confirm: string } {
  switch (kind) {
    case 'make-admin':
      return {
        title: `Make ${name} an admin?`,
        description: 'Admins approve join requests and can remove members.',
        confirm: texts.makeAdmin,
      };
    case 'remove-admin':
      return { title: `Remove ${name} as admin?`, description: 'They stay in the group as a member.', confirm: texts.removeAdmin };
    case 'hand-over':
      return {
        title: `Hand the group over to ${name}?`,
        description: 'They become its owner; you stay on as an admin.',
        confirm: texts.handOver,
      };
    case 'remove':
      return { title: `Remove ${name} from the group?`, description: 'They can ask to join again.', confirm: texts.removeMember };
  }
}
