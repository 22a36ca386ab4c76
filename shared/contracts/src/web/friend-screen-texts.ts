/**
 * The words of the Friends page and the friend buttons (profile, search, suggestions), and of the
 * block and mute menus. The product's quoted texts and the friends API's refusals are friendTexts
 * (api/friends-texts.ts); blocking's and muting's are safetyTexts.
 */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const friendScreenTexts = localizedTexts('friendScreen', {
  friends: 'Friends',
  findFriends: 'Find Friends',
  yourFriends: 'Your Friends',
  friendRequests: 'Friend Requests',
  peopleYouMayKnow: 'People You May Know',
  noSuggestions: 'No suggestions right now.',
  searchPeople: 'Search people',
  searchPlaceholder: 'Search by name or username',
  search: 'Search',
  searchResults: 'Search results',
  you: 'You',
  addFriend: 'Add Friend',
  requested: 'Requested',
  cancel: 'Cancel',
  /** After "Cancel", for screen readers only. */
  cancelRequestHidden: 'request',
  cancelRequest: 'Cancel request',
  respond: 'Respond',
  accept: 'Accept',
  decline: 'Decline',
  unfriend: 'Unfriend',
  sending: 'Sending',
  optionsFor: template('Options for {{name}}', (name: string) => ({ name })),
  mutualFriends: plural({ one: '{{count}} mutual friend', other: '{{count}} mutual friends' }, (count: number) => ({ count })),
  cancelFailed: 'Failed to cancel request',
  unfriendFailed: 'Failed to remove friend',
  unfriendTitle: template('Unfriend {{name}}?', (name: string) => ({ name })),
  unfriendDescription: 'You will no longer be friends. You can send a new friend request later.',
  removing: 'Removing…',
  requestFailed: 'Request failed',
  // Safety menus
  moreOptionsFor: template('More options for {{name}}', (name: string) => ({ name })),
  blocking: 'Blocking…',
});
