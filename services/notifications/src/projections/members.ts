/**
 * The actor a notification shows, from the platform's member snapshot (decision 016): their
 * display name and avatar, read when the notification is shown, so a renamed member shows their
 * current name everywhere.
 */
import { findMember, unknownMemberView, type DbOrTx } from '@kora/platform/service';
import type { NotificationsTables } from '../db/schema.js';

export interface ActorView {
  actorName: string;
  actorAvatar: string;
}

/**
 * The actor as notifications show them: from the snapshot, or, until the member's snapshot arrives
 * (events of different topics are not ordered), as every service shows an unknown member.
 */
export function actorView(userId: number, member: { displayName: string; profileImage: string } | null | undefined): ActorView {
  const shown = member ?? unknownMemberView(userId);
  return { actorName: shown.displayName, actorAvatar: shown.profileImage };
}

export async function actorOf(tables: NotificationsTables, db: DbOrTx, userId: number): Promise<ActorView> {
  return actorView(userId, await findMember(db, tables.members, userId));
}
