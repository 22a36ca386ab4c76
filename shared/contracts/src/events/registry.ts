/**
 * The explicit registry of integration events: name -> topic, version and payload schema.
 * Event types come from here, never from class names, so producers and consumers agree on one list.
 * Topics are named `<service>.<aggregate>`.
 */
import { z } from 'zod';
import { ADMIN_ACTIONS, AUDIT_TARGETS, REPORT_MODERATIONS, REPORT_TARGETS, USER_STATUSES } from '../api/admin-texts.js';
import { GROUP_PRIVACIES, GROUP_ROLES } from '../api/groups-texts.js';
import { MEDIA_PURPOSES, STORY_TYPES } from '../api/stories-texts.js';
import { PACKAGE_IDS, TRANSACTION_TYPES } from '../api/wallet-texts.js';
import { photoDetailsSchema, videoRenditionSchema } from '../api/media.js';
import { messageSchema } from '../api/messages.js';
import { notificationSchema } from '../api/notifications.js';
import { generalSettingsFields, notificationSettingsSchema, privacySettingsSchema } from '../api/settings.js';

interface EventOptions {
  /**
   * Kafka keeps only the latest event per key on a compacted topic, forever: a new consumer reading
   * from the beginning gets the current state (used for site settings, keyed by section).
   */
  compacted?: boolean;
}

function event<T extends z.ZodType>(topic: string, version: number, payload: T, options: EventOptions = {}) {
  return { topic, version, payload, compacted: options.compacted ?? false };
}

const siteSettingsPayload = z.object({
  section: z.enum(['general', 'features', 'moderation', 'storage', 'email', 'security']),
  /** The section's complete new values (secrets included: the bus is internal). */
  values: z.record(z.string(), z.unknown()),
});

const userSnapshot = z.object({
  userId: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  profileImage: z.string(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  role: z.enum(['user', 'admin']),
});

const postRef = z.object({
  postId: z.number().int(),
  /** The post's author: whom notifications about it are for. */
  postOwnerId: z.number().int(),
});
/** Who acted on a post (liked, commented, shared); notifications skip acting on your own things. */
const postAction = postRef.extend({ actorId: z.number().int() });

const videoRef = z.object({
  videoId: z.number().int(),
  /** Public URL of the (future) transcoded MP4, as handed to the client at upload. */
  url: z.string(),
  uploaderId: z.number().int(),
  /** What it was uploaded for (decision 022); absent on events written before stories and reels: a post. */
  purpose: z.enum(MEDIA_PURPOSES).optional(),
});

/** A friendship's two members; events about one pair share the pair's key so they stay in order. */
const friendPair = z.object({ fromUserId: z.number().int(), toUserId: z.number().int() });
/** A block: who blocked whom (keyed like the pair's friendship events). */
const blockPair = z.object({ blockerId: z.number().int(), blockedId: z.number().int() });
/** A friend request between the pair: every step of its life names it. */
const friendRequestRef = friendPair.extend({ requestId: z.number().int() });

/** A group's complete current state (groups service); created and updated carry all of it. */
const groupState = z.object({
  groupId: z.number().int(),
  ownerId: z.number().int(),
  title: z.string(),
  description: z.string(),
  picture: z.string().nullable(),
  privacy: z.enum(GROUP_PRIVACIES),
  createdAt: z.string(),
});
/** A reel (stories-reels service); events about one reel share its key. */
const reelRef = z.object({
  reelId: z.number().int(),
  /** The reel's author: whom notifications about it are for. */
  authorId: z.number().int(),
});
const reelAction = reelRef.extend({ actorId: z.number().int() });
const storyRef = z.object({ storyId: z.number().int(), userId: z.number().int() });

/**
 * A movement of a member's wallet (wallet service), keyed by the member so their movements stay in
 * order; `balanceKobo` is the balance right after it (projections keep the newest by transactionId).
 */
const walletMovement = z.object({
  userId: z.number().int(),
  transactionId: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amountKobo: z.number().int().positive(),
  balanceKobo: z.number().int().nonnegative(),
  /** The card payment's reference of a top-up; null otherwise. */
  reference: z.string().nullable(),
  /** The package bought; null otherwise. */
  packageId: z.enum(PACKAGE_IDS).nullable(),
  createdAt: z.string(),
});

/**
 * Who a conversation's live event is for (messages service, decision 039): the notifications
 * instances send it to these members' sockets without knowing the conversation themselves.
 * Events about one conversation share its key, so they stay in order.
 */
const conversationAudience = z.object({ conversationId: z.number().int(), memberIds: z.array(z.number().int()) });

/** One member of one group; events about a group share its key, so they stay in order. */
const groupMemberRef = z.object({ groupId: z.number().int(), userId: z.number().int() });

export const eventRegistry = {
  /** A member signed up (not yet activated). Projections of member names/avatars start here. */
  'user.registered': event('auth.user', 1, userSnapshot.extend({ email: z.string(), createdAt: z.string() })),
  'user.activated': event('auth.user', 1, z.object({ userId: z.number().int() })),
  /** Names, avatar, cover, bio or role changed: the full current snapshot. */
  'user.updated': event('auth.user', 1, userSnapshot),
  /** A sign-in session ended (sign-out, revoke, password change/reset): its tokens stop working. */
  'session.revoked': event('auth.session', 1, z.object({ userId: z.number().int(), sessionId: z.string() })),
  /** An admin (or the member) changed the account's e-mail: the services that mail or bill it keep the new one. */
  'user.email-changed': event('auth.user', 1, z.object({ userId: z.number().int(), email: z.string() })),
  /**
   * The account's grace period ended and auth erased it (decision 034): every service erases or
   * anonymises what it holds for the member. Carries no name or address (the outbox and the topic
   * keep it), only the member's own profile pictures' URLs for media to remove.
   */
  'user.deleted': event('auth.user', 1, z.object({ userId: z.number().int(), profileFiles: z.array(z.string()) })),
  /** An admin suspended or reinstated the account (its sessions end in the same change when suspended). */
  'user.status-changed': event(
    'auth.user',
    1,
    z.object({ userId: z.number().int(), status: z.enum(USER_STATUSES), previousStatus: z.enum(USER_STATUSES) }),
  ),
  /**
   * An admin did something the audit log keeps (decision 024). Written by whichever service did it,
   * in the same transaction as the change; the admin service stores it. Keyed by the target.
   */
  'admin.action-recorded': event(
    'admin.audit',
    1,
    z.object({
      actorId: z.number().int(),
      action: z.enum(ADMIN_ACTIONS),
      targetType: z.enum(AUDIT_TARGETS),
      targetId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      occurredAt: z.string(),
    }),
  ),
  /** Admin changed a section of the site settings; every service applies the current values. */
  'site-settings.updated': event('admin.site-settings', 1, siteSettingsPayload, { compacted: true }),

  /** A member published a post (moderation state starts visible). */
  'post.created': event(
    'posts.post',
    1,
    // groupId: the group it was posted in (absent on events written before groups existed).
    postRef.extend({ hasMedia: z.boolean(), excerpt: z.string(), createdAt: z.string(), groupId: z.number().int().nullable().optional() }),
  ),
  /** The author (or a moderator, later) deleted a post. */
  'post.deleted': event('posts.post', 1, postRef.extend({ byModerator: z.boolean() })),
  'post.liked': event('posts.post', 1, postAction),
  'post.unliked': event('posts.post', 1, postAction),
  'post.commented': event('posts.post', 1, postAction.extend({ commentId: z.number().int(), excerpt: z.string() })),
  'post.shared': event('posts.post', 1, postAction),

  /** A video was uploaded and waits for the worker (probe, transcode, poster). */
  'video.uploaded': event('media.video', 1, videoRef),
  /** The worker made the browser-safe MP4 and its poster; reels check the duration (<= 90 s) here. */
  'video.processed': event(
    'media.video',
    1,
    videoRef.extend({
      posterUrl: z.string(),
      durationSeconds: z.number(),
      width: z.number().int(),
      height: z.number().int(),
      bytes: z.number().int(),
      /** Every playable file, smallest first (decision 044); absent on events written before: the URL alone. */
      renditions: z.array(videoRenditionSchema).optional(),
    }),
  ),
  /** The upload was not a playable video, or processing gave up after its retries. */
  'video.failed': event('media.video', 1, videoRef.extend({ reason: z.string() })),
  /**
   * A photo was stored in its sizes and formats (decision 044), keyed by its URL: posts (and any
   * other service showing photos) keep them so their answers can say what to load.
   */
  'photo.stored': event('media.photo', 1, photoDetailsSchema.extend({ uploaderId: z.number().int() })),
  /** A member's data archive is built (decision 035): notifications mails the link and rings the bell. */
  'archive.ready': event(
    'media.archive',
    1,
    z.object({ userId: z.number().int(), downloadUrl: z.string(), expiresAt: z.string(), bytes: z.number().int() }),
  ),

  /** Friend graph (friends service). Keyed by the pair `min-max`. */
  'friend-request.sent': event('friends.friendship', 1, friendRequestRef),
  'friend-request.accepted': event('friends.friendship', 1, friendRequestRef),
  'friend-request.declined': event('friends.friendship', 1, friendRequestRef),
  /** The sender took back a request still pending. */
  'friend-request.cancelled': event('friends.friendship', 1, friendRequestRef),
  /** `fromUserId` ended the friendship with `toUserId` (unfriend). */
  'friendship.removed': event('friends.friendship', 1, friendPair),
  /**
   * `blockerId` blocked `blockedId` (decision 036): on the pair's key, after the friendship's and the
   * requests' own ends, so a consumer sees them in that order. Either direction hides the two from each other.
   */
  'member.blocked': event('friends.friendship', 1, blockPair),
  'member.unblocked': event('friends.friendship', 1, blockPair),

  /**
   * `actorId` mentioned `mentionedUserId` with `@username` in a post (commentId null) or a comment.
   * `pending`: the mentioned member reviews tags (privacy tagReview), so the mention is not linked
   * and the post is not on their profile until they approve it.
   */
  'post.mentioned': event(
    'posts.post',
    1,
    postAction.extend({
      mentionId: z.number().int(),
      mentionedUserId: z.number().int(),
      commentId: z.number().int().nullable(),
      excerpt: z.string(),
      pending: z.boolean(),
    }),
  ),
  /** The mentioned member approved or declined a pending mention. */
  'post.mention-reviewed': event(
    'posts.post',
    1,
    postRef.extend({ mentionId: z.number().int(), mentionedUserId: z.number().int(), approved: z.boolean() }),
  ),

  /**
   * A member saved a settings tab: the tab's complete current values (compacted topics keyed by
   * the member, so a new consumer reading from the start gets every member's current settings).
   * Username and e-mail are auth's and travel on auth.user, not here.
   */
  'settings.profile-changed': event(
    'settings.profile',
    1,
    // theme came with dark mode (decision 043), dataSaver with light media (decision 044): events
    // announced before them read as the defaults.
    generalSettingsFields.extend({
      userId: z.number().int(),
      theme: generalSettingsFields.shape.theme.default('system'),
      dataSaver: generalSettingsFields.shape.dataSaver.default('auto'),
    }),
    { compacted: true },
  ),
  'settings.privacy-changed': event(
    'settings.privacy',
    1,
    // messagePolicy came with messages: events announced before it read as the default.
    privacySettingsSchema.extend({
      userId: z.number().int(),
      messagePolicy: privacySettingsSchema.shape.messagePolicy.default('everyone'),
    }),
    { compacted: true },
  ),
  'settings.notifications-changed': event(
    'settings.notifications',
    1,
    // inappMessages came with messages: events announced before it read as on (its default).
    notificationSettingsSchema.extend({
      userId: z.number().int(),
      inappMessages: notificationSettingsSchema.shape.inappMessages.default(true),
    }),
    { compacted: true },
  ),
  /** The member's complete mutes after a change (muted members' ids, normalised words): decision 036. */
  'settings.mutes-changed': event(
    'settings.mutes',
    1,
    z.object({ userId: z.number().int(), memberIds: z.array(z.number().int()), words: z.array(z.string()) }),
    { compacted: true },
  ),

  /** A member created a group; they are its owner (a `group.member-joined` with role owner follows). */
  'group.created': event('groups.group', 1, groupState),
  /** The owner changed the title, description, picture or privacy, or handed the group over. */
  'group.updated': event('groups.group', 1, groupState),
  /** The owner deleted the group: its memberships end with it, and its posts are seen by nobody. */
  'group.deleted': event('groups.group', 1, z.object({ groupId: z.number().int(), ownerId: z.number().int() })),
  /**
   * `userId` became a member (created the group, joined a public one, or was approved): the one
   * event membership projections need to add a member, with the role they start in.
   */
  'group.member-joined': event('groups.group', 1, groupMemberRef.extend({ role: z.enum(GROUP_ROLES) })),
  /** A member left, or `removedBy` (an owner or admin) removed them. */
  'group.member-left': event('groups.group', 1, groupMemberRef.extend({ removedBy: z.number().int().nullable() })),
  /** The owner made `userId` an admin, a member again, or (role owner) the new owner. */
  'group.role-changed': event('groups.group', 1, groupMemberRef.extend({ role: z.enum(GROUP_ROLES) })),
  /** `userId` asked to join a private group; `reviewerIds` (owner and admins then) may answer. */
  'group.join-requested': event(
    'groups.group',
    1,
    groupMemberRef.extend({ groupTitle: z.string(), reviewerIds: z.array(z.number().int()) }),
  ),
  /** `approvedBy` let `userId` in (a `group.member-joined` follows in the same transaction). */
  'group.join-approved': event('groups.group', 1, groupMemberRef.extend({ groupTitle: z.string(), approvedBy: z.number().int() })),
  'group.join-declined': event('groups.group', 1, groupMemberRef.extend({ declinedBy: z.number().int() })),
  /** `userId` took back a request still waiting. */
  'group.join-withdrawn': event('groups.group', 1, groupMemberRef),

  /** A member posted a story (a video one is shown to others once its video is ready). */
  'story.created': event(
    'stories-reels.story',
    1,
    storyRef.extend({ type: z.enum(STORY_TYPES), url: z.string(), createdAt: z.string(), expiresAt: z.string() }),
  ),
  /** The owner deleted a story before it expired (expiry itself is not an event: every reader checks the time). */
  'story.deleted': event('stories-reels.story', 1, storyRef),
  /** A member made a reel of a video they uploaded (shown to others once the video is ready and short enough). */
  'reel.created': event('stories-reels.reel', 1, reelRef.extend({ videoUrl: z.string(), caption: z.string(), createdAt: z.string() })),
  'reel.deleted': event('stories-reels.reel', 1, reelRef),
  'reel.liked': event('stories-reels.reel', 1, reelAction),
  'reel.unliked': event('stories-reels.reel', 1, reelAction),
  'reel.commented': event('stories-reels.reel', 1, reelAction.extend({ commentId: z.number().int(), excerpt: z.string() })),
  'reel.shared': event('stories-reels.reel', 1, reelAction),

  /** Money came into a member's wallet (a card top-up, a refund of a purchase). */
  'wallet.credited': event('wallet.wallet', 1, walletMovement),
  /** Money left a member's wallet (a package purchase, a refund of a top-up to the card). */
  'wallet.debited': event('wallet.wallet', 1, walletMovement),
  /**
   * A member's Pro plan now: bought, extended (a purchase while active), or ended early. Current
   * state per member (compacted, keyed by the member); a plan simply running out is no event: every
   * reader compares `activeUntil` with its clock. Perks read it: the verified badge (member
   * snapshots), featured members (friends' suggestions), boosts (posts).
   */
  'membership.changed': event(
    'wallet.membership',
    1,
    z.object({
      userId: z.number().int(),
      packageId: z.enum(PACKAGE_IDS),
      /** Since when the plan has run without a break: boosts are counted from here. */
      startedAt: z.string(),
      activeUntil: z.string(),
      /** Posts the member may boost in this run (the plans' quotas, added up on each extension). */
      boostPosts: z.number().int().nonnegative(),
    }),
    { compacted: true },
  ),

  /**
   * A message was stored. `memberIds`: whose sockets get it (the sender's other tabs included; not
   * members who blocked the sender or declined their request). `notifyIds`: who may get a bell
   * notification for it (their switch decides): members in the inbox, never a request's recipient.
   */
  'message.sent': event(
    'messages.conversation',
    1,
    conversationAudience.extend({
      message: messageSchema,
      notifyIds: z.array(z.number().int()),
      /** A group conversation's name (null for a direct one): the bell's text. */
      title: z.string().nullable(),
    }),
  ),
  /** The sender deleted a message for everyone: the message as it now reads. */
  'message.deleted': event('messages.conversation', 1, conversationAudience.extend({ message: messageSchema })),
  /**
   * A message already sent reads differently with nothing done by its sender: its video finished
   * processing or failed (media's `video.*` events). The message as it now reads, for the members it
   * reaches now; clients replace their copy with the same id. Never a bell notification.
   */
  'message.updated': event('messages.conversation', 1, conversationAudience.extend({ message: messageSchema })),
  /** `userId` read the conversation up to `readUpTo` (not announced while their membership is a request). */
  'conversation.read': event(
    'messages.conversation',
    1,
    conversationAudience.extend({ userId: z.number().int(), readUpTo: z.number().int() }),
  ),
  /** `userId`'s client received the conversation's messages up to `deliveredUpTo`. */
  'conversation.delivered': event(
    'messages.conversation',
    1,
    conversationAudience.extend({ userId: z.number().int(), deliveredUpTo: z.number().int() }),
  ),
  /** Title or members changed, or a request was answered: members (former ones included) refetch it. */
  'conversation.changed': event('messages.conversation', 1, conversationAudience),
  /** `userId` is typing; ephemeral, published without the outbox (losing one is harmless). */
  'conversation.typing': event('messages.typing', 1, conversationAudience.extend({ userId: z.number().int() })),

  /**
   * A notification was stored for `recipientId`. Every notifications instance reads these (each
   * with its own consumer group) and pushes the notification to the recipient's sockets it holds.
   */
  /**
   * Reports on a post or comment were closed by an admin (posts service): each reporter is told the
   * outcome. Keyed by the report.
   */
  'report.closed': event(
    'posts.report',
    1,
    z.object({
      reportId: z.number().int(),
      reporterId: z.number().int(),
      targetType: z.enum(REPORT_TARGETS),
      targetId: z.number().int(),
      postId: z.number().int(),
      status: z.enum(['resolved', 'dismissed']),
      moderation: z.enum(REPORT_MODERATIONS).nullable(),
    }),
  ),

  'notification.created': event(
    'notifications.notification',
    1,
    z.object({ recipientId: z.number().int(), notification: notificationSchema }),
  ),
} as const;

/** The key of events about the friendship between two members, whoever acted. */
export function friendPairKey(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

export type EventType = keyof typeof eventRegistry;
export type EventPayload<T extends EventType> = z.infer<(typeof eventRegistry)[T]['payload']>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventRegistry, type);
}

export function topicOf(type: EventType): string {
  return eventRegistry[type].topic;
}

/** Topics whose events are current state per key (see EventOptions.compacted). */
export function isCompactedTopic(topic: string): boolean {
  return Object.values(eventRegistry).some((e) => e.topic === topic && e.compacted);
}

/** Every topic in the registry, so a service can create missing ones at start-up. */
export function allTopics(): string[] {
  return [...new Set(Object.values(eventRegistry).map((e) => e.topic))];
}
