/**
 * Every event this service consumes through the platform's idempotent consumer, in one place.
 * One group ('writer', shared by all instances) keeps the member snapshot and turns events into
 * notifications; another ('push', decision 042) sends each new notification to the recipient's
 * devices, apart from the writer so a slow push service never holds it up. The per-instance live feed (notification.created, session.revoked) is not here:
 * it is no durable effect, every instance needs every message, see live/feed.ts.
 */
import {
  memberBlockHandlers,
  memberMuteHandlers,
  memberPrivacyHandlers,
  memberSnapshotHandlers,
  type ConsumerDefinition,
} from '@kora/platform/service';
import type { TransactionalMailSender } from '@kora/platform/mail';
import type { Notifications } from '../context.js';
import { digestSender } from '../digest/daily-digest.js';
import { archiveReady } from '../notifications/archives.js';
import {
  friendRequestAccepted,
  friendRequestCancelled,
  friendRequestSent,
  postCommented,
  postLiked,
} from '../notifications/from-events.js';
import { groupJoinApproved, groupJoinRequested, groupJoinWithdrawn } from '../notifications/groups.js';
import { mentionReviewed, postMentioned } from '../notifications/mentions.js';
import { conversationRead, messageSent } from '../notifications/messages.js';
import { walletCredited, walletDebited } from '../notifications/payments.js';
import { reelCommented, reelLiked } from '../notifications/reels.js';
import { reportClosed } from '../notifications/reports.js';
import { eraseNotificationsMember } from '../projections/erase-member.js';
import { memberSettingsHandlers, rememberEmail } from '../projections/settings.js';
import { forgetSessionDevices } from '../push/devices.js';
import { pushNotification, pushWanted } from '../push/fan-out.js';

/** How long the push group's fetches gather notifications. */
export const PUSH_GATHER_MS = 500;

/** `mail`: the sender the archive's mail goes through (the service passes its one; tests may leave it to the default). */
export function notificationsConsumers(n: Notifications, mail: TransactionalMailSender = digestSender(n)): ConsumerDefinition[] {
  const snapshot = memberSnapshotHandlers(n.tables.members);
  return [
    {
      name: 'writer',
      handlers: {
        ...snapshot,
        // The snapshot and the address the digest goes to, from the one event.
        'user.registered': async (event, tx, emit) => {
          await snapshot['user.registered'](event, tx, emit);
          await rememberEmail(n.tables, tx, event);
        },
        // The digest follows the member's address when it changes.
        'user.email-changed': (event, tx) => rememberEmail(n.tables, tx, event),
        ...memberPrivacyHandlers(n.tables.privacy),
        ...memberBlockHandlers(n.tables.blocks),
        ...memberMuteHandlers(n.tables.mutes),
        ...memberSettingsHandlers(n.tables),
        'post.mentioned': (event, tx, emit) => postMentioned(n, tx, emit, event),
        'post.mention-reviewed': (event, tx) => mentionReviewed(n, tx, event),
        'post.liked': (event, tx, emit) => postLiked(n, tx, emit, event),
        'post.commented': (event, tx, emit) => postCommented(n, tx, emit, event),
        'friend-request.sent': (event, tx, emit) => friendRequestSent(n, tx, emit, event),
        'friend-request.accepted': (event, tx, emit) => friendRequestAccepted(n, tx, emit, event),
        'friend-request.cancelled': (event, tx) => friendRequestCancelled(n, tx, event),
        'group.join-requested': (event, tx, emit) => groupJoinRequested(n, tx, emit, event),
        'group.join-approved': (event, tx, emit) => groupJoinApproved(n, tx, emit, event),
        'group.join-withdrawn': (event, tx) => groupJoinWithdrawn(n, tx, event),
        'reel.liked': (event, tx, emit) => reelLiked(n, tx, emit, event),
        'reel.commented': (event, tx, emit) => reelCommented(n, tx, emit, event),
        'wallet.credited': (event, tx, emit) => walletCredited(n, tx, emit, event),
        'wallet.debited': (event, tx, emit) => walletDebited(n, tx, emit, event),
        'report.closed': (event, tx, emit) => reportClosed(n, tx, emit, event),
        // The bell for messages (decision 039): one notification per conversation, read with it.
        'message.sent': (event, tx, emit) => messageSent(n, tx, emit, event),
        'conversation.read': (event, tx) => conversationRead(n, tx, event),
        'user.deleted': (event, tx) => eraseNotificationsMember(n, tx, event),
        // A signed-out (or revoked) session's devices stop getting pushes (decision 042).
        'session.revoked': (event, tx) => forgetSessionDevices(n, tx, event.payload.userId, event.payload.sessionId),
        // The data archive the member asked for (decision 035): the bell and the mail.
        'archive.ready': (event, tx, emit) => archiveReady(n, mail, tx, emit, event),
      },
    },
    {
      name: 'push',
      handlers: { 'notification.created': (event, tx) => pushNotification(n, tx, event) },
      needed: (event) => pushWanted(n, event),
      // Half a second on a phone's push goes unnoticed; at a hundred notifications a second it
      // spares the group about two hundred fetches and commits a second (docs/performance.md).
      gatherMs: PUSH_GATHER_MS,
    },
  ];
}
