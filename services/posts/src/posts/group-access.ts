/**
 * Who may do what with a group's posts (decision 021), read from the groups projection only:
 * posting needs an approved member, reading a private group's page too, and the owner and admins
 * moderate the posts in their group. Every check answers the refusal the groups service would.
 */
import type { GroupRole } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { groupNotFound, groupsTurnedOff, membersOnlyPosting, membersOnlyPosts, postGroupNotFound } from '../errors.js';

interface GroupAccess {
  privacy: 'public' | 'private';
  /** The caller's role, or null when they are not an approved member. */
  role: GroupRole | null;
}

/** The group and the member's place in it, or undefined when the projection does not know it. */
async function accessOf(posts: Posts, groupId: number, userId: number): Promise<GroupAccess | undefined> {
  const { groups, groupMembers } = posts.tables;
  const [row] = await posts.ctx.db
    .select({ privacy: groups.privacy, role: groupMembers.role })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.groupId), eq(groupMembers.userId, userId)))
    .where(eq(groups.groupId, groupId));
  return row && { privacy: row.privacy, role: row.role ?? null };
}

/** Read per request, like every site setting: an admin's switch applies at once. */
export function requireGroupsOn(posts: Posts): void {
  if (!posts.ctx.siteSettings.current().features.groups) throw groupsTurnedOff();
}

/** `userId` may post in `groupId`: the feature is on, the group known, and they an approved member. */
export async function requireMayPostIn(posts: Posts, userId: number, groupId: number): Promise<void> {
  requireGroupsOn(posts);
  const access = await accessOf(posts, groupId, userId);
  if (!access) throw postGroupNotFound();
  if (!access.role) throw membersOnlyPosting();
}

/** `userId` may read `groupId`'s page: the group is known, and public or has them as an approved member. */
export async function requireMayReadPostsOf(posts: Posts, userId: number, groupId: number): Promise<void> {
  requireGroupsOn(posts);
  const access = await accessOf(posts, groupId, userId);
  if (!access) throw groupNotFound();
  if (access.privacy === 'private' && !access.role) throw membersOnlyPosts();
}

/** The group's owner and admins may delete any post in it. */
export async function moderatesGroup(posts: Posts, userId: number, groupId: number): Promise<boolean> {
  const role = (await accessOf(posts, groupId, userId))?.role;
  return role === 'owner' || role === 'admin';
}
