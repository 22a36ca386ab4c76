/**
 * Who may see whom online: a member's online state is shown only when both they and the viewer
 * have showOnline on (privacy projection). A member who hides theirs sees nobody's: being seen and
 * seeing go together, as in most messengers. Otherwise `online: false`, never "hidden", so the
 * answer does not tell a hidden member from an offline one. A member blocked either way (decision
 * 036) is shown offline too.
 */
import type { Presence } from '@kora/contracts';
import { blockedPeersOf, privacyOfMany } from '@kora/platform/service';
import type { Notifications } from '../context.js';

export async function visiblePresence(n: Notifications, viewerId: number, userIds: number[]): Promise<Presence[]> {
  const [privacy, blocked] = await Promise.all([
    privacyOfMany(n.ctx.db, n.tables.privacy, [viewerId, ...userIds]),
    blockedPeersOf(n.ctx.db, n.tables.blocks, viewerId),
  ]);
  const shown = privacy(viewerId).showOnline ? userIds.filter((id) => privacy(id).showOnline && !blocked.has(id)) : [];
  const online = await n.presence.onlineAmong(shown);
  return userIds.map((userId) => ({ userId, online: online.has(userId) }));
}
