/**
 * What a notification says after its actor's name ("Ada liked your post"), or whole for a notice
 * about the member's own things. Written by the notifications service in its recipient's language
 * (decision 045) and stored with the notification, so the bell, the push and the digest read the
 * same words.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
import { archiveTexts } from './archive-texts.js';
import { notificationTexts } from './notifications-texts.js';

const excerpt = (excerpt: string) => ({ excerpt });
const group = (group: string) => ({ group });

export const notificationMessageTexts = localizedTexts('notificationMessage', {
  walletToppedUp: 'Your wallet was topped up',
  proPackageBought: 'You bought a Pro package',
  aProPackage: 'a Pro package',
  reportReviewed: 'We reviewed your report',
  postLiked: 'liked your post',
  postCommented: 'commented on your post',
  postCommentedWith: template('commented on your post: "{{excerpt}}"', excerpt),
  friendRequest: 'sent you a friend request',
  friendAccepted: 'accepted your friend request',
  reelLiked: 'liked your reel',
  reelCommented: 'commented on your reel',
  reelCommentedWith: template('commented on your reel: "{{excerpt}}"', excerpt),
  joinRequest: 'asked to join your group',
  joinRequestTo: template('asked to join {{group}}', group),
  joinApproved: 'approved your request to join the group',
  joinApprovedTo: template('approved your request to join {{group}}', group),
  messageIn: template('sent a message in {{group}}', group),
  anything: 'sent you a notification',
  // A report's outcome, for its reporter.
  postReportDismissed: 'We reviewed the post you reported and found it does not break our rules.',
  commentReportDismissed: 'We reviewed the comment you reported and found it does not break our rules.',
  postReportLimited: 'We limited who can see the post you reported. Thank you.',
  commentReportLimited: 'We limited who can see the comment you reported. Thank you.',
  postReportRemoved: 'We removed the post you reported. Thank you.',
  commentReportRemoved: 'We removed the comment you reported. Thank you.',
});

/**
 * Any type a client does not know reads "sent you a notification". `detail` is the comment's
 * excerpt (post_comment), the group's title (group_*), or a payment's message (payment*: written
 * by `walletToppedUp` / `packageBought`); `inComment` tells a mention in a comment from one in the
 * post itself. A `message` notification's detail is the group conversation's title (none for a
 * direct one).
 */
export function notificationMessage(type: string, detail?: string, inComment = false): string {
  const t = notificationMessageTexts;
  switch (type) {
    case 'payment':
      return detail ?? t.walletToppedUp;
    case 'payment_package':
      return detail ?? t.proPackageBought;
    case 'report_outcome':
      return detail ?? t.reportReviewed;
    case 'archive_ready':
      return archiveTexts.notification;
    case 'mention':
      return inComment ? notificationTexts.mentionedInComment : notificationTexts.mentionedInPost;
    case 'post_like':
      return t.postLiked;
    case 'post_comment':
      return detail ? t.postCommentedWith(detail) : t.postCommented;
    case 'friend_request':
      return t.friendRequest;
    case 'friend_accept':
      return t.friendAccepted;
    case 'reel_like':
      return t.reelLiked;
    case 'reel_comment':
      return detail ? t.reelCommentedWith(detail) : t.reelCommented;
    case 'group_join_request':
      return detail ? t.joinRequestTo(detail) : t.joinRequest;
    case 'group_join_approved':
      return detail ? t.joinApprovedTo(detail) : t.joinApproved;
    case 'message':
      return detail ? t.messageIn(detail) : notificationTexts.sentYouAMessage;
    default:
      return t.anything;
  }
}

/** What a reporter reads about their report: what was done about the post or comment. */
export function reportOutcomeMessage(targetType: string, status: string, moderation: string | null | undefined): string {
  const t = notificationMessageTexts;
  const comment = targetType === 'comment';
  if (status === 'dismissed') return comment ? t.commentReportDismissed : t.postReportDismissed;
  if (moderation === 'shadow') return comment ? t.commentReportLimited : t.postReportLimited;
  return comment ? t.commentReportRemoved : t.postReportRemoved;
}
