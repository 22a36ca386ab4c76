/**
 * Texts of blocking and muting (the friends service keeps blocks, the settings service mutes):
 * plain values, no schema library, so the browser can import them without carrying zod.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const safetyTexts = localizedTexts('safety', {
  // Blocking.
  block: 'Block',
  unblock: 'Unblock',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  blockConfirm: template(
    "Block {{name}}? You will not see each other's posts, comments, stories, reels or profile, and you will no longer be friends.",
    (name: string) => ({ name }),
  ),
  blockedTitle: 'Blocked',
  noBlocked: "You haven't blocked anyone.",
  notYourselfBlock: "You can't block yourself",
  userNotFound: 'User not found',
  notBlocked: 'You have not blocked this member',
  /** A friend request between two members where either blocked the other. */
  requestBlocked: "You can't send a friend request to this member",
  blockFailed: 'Failed to block this member',
  unblockFailed: 'Failed to unblock this member',
  fetchBlockedFailed: 'Failed to fetch blocked members',
  tooManyBlocks: template('You can block at most {{max}} members', (max: number) => ({ max })),
  blocksCursorInvalid: 'The page cursor is not valid',
  // Muting.
  mute: 'Mute',
  unmute: 'Unmute',
  muted: 'Member muted',
  unmuted: 'Member unmuted',
  mutedTitle: 'Muted',
  mutedMembersTitle: 'Muted members',
  mutedWordsTitle: 'Muted words and hashtags',
  noMutedMembers: "You haven't muted anyone.",
  noMutedWords: "You haven't muted any words.",
  notYourselfMute: "You can't mute yourself",
  notMuted: 'You have not muted this member',
  wordNotMuted: 'You have not muted this word',
  wordAdded: 'Word muted',
  wordRemoved: 'Word unmuted',
  wordInvalid: 'Enter a word, a phrase or a #hashtag of at most 100 characters',
  tooManyMutedMembers: template('You can mute at most {{max}} members', (max: number) => ({ max })),
  tooManyMutedWords: template('You can mute at most {{max}} words', (max: number) => ({ max })),
  muteFailed: 'Failed to update muted members and words',
  fetchMutesFailed: 'Failed to fetch muted members and words',
});

/** The most blocks, muted members and muted words one member keeps (decision 036). */
export const MAX_BLOCKS = 10_000;
/** Blocked members per page of `GET /api/friends/blocks` (the default and the most). */
export const BLOCKS_PAGE_SIZE = 20;
export const BLOCKS_PAGE_MAX = 50;
export const MAX_MUTED_MEMBERS = 1_000;
export const MAX_MUTED_WORDS = 200;
export const MAX_MUTED_WORD_LENGTH = 100;
