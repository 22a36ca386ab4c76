/**
 * What group actions answer (utils/group-action.server.ts, through routes/resources.groups.tsx or
 * the group's own page), shared by the routes and the components that call them.
 */
import type { GroupDetail, GroupItem, GroupMember, GroupRequest } from '@kora/contracts';

export type GroupIntent = 'join' | 'leave' | 'create' | 'update' | 'delete' | 'approve' | 'decline' | 'remove' | 'role';

export type GroupActionData =
  | { intent: GroupIntent; ok: true; message: string; group: GroupDetail | null }
  /** `reason`: the server's refusal, shown under the product's failure text; `fieldErrors` by form field. */
  | { intent: GroupIntent | null; ok: false; error: string; reason?: string; fieldErrors?: Record<string, string> };

/** GET /resources/groups: one more page of a tab, of members or of join requests. */
export type GroupPageData =
  | { ok: true; list: 'groups'; items: GroupItem[]; nextCursor: number | null }
  | { ok: true; list: 'members'; items: GroupMember[]; nextCursor: string | null }
  | { ok: true; list: 'requests'; items: GroupRequest[]; nextCursor: string | null }
  | { ok: false; error: string };

export const GROUPS_RESOURCE = '/resources/groups';

/** The group's own page: its actions post there, and the page reloads with the new group. */
export function groupPageAction(groupId: number): string {
  return `/groups/${groupId}`;
}
