/**
 * The friends API's texts: plain values and functions, no schema library, so the browser can
 * import them without carrying zod (the schemas beside them re-export everything here).
 */
import { localizedTexts } from '../i18n/localized-texts.js';
export const friendTexts = localizedTexts('friend', {
  requestSent: 'Request sent successfully',
  requestAccepted: 'Request accepted successfully',
  requestDeclined: 'Request declined successfully',
  requestCancelled: 'Request cancelled',
  unfriended: 'Friend removed',
  sendFailed: 'Failed to send request',
  loadRequestsFailed: 'Failed to load requests',
  respondFailed: 'Failed to respond',
  fetchFriendsFailed: 'Failed to fetch friends',
  fetchSuggestionsFailed: 'Failed to fetch suggestions',
  searchFailed: 'User search failed',
  noRequests: 'No new friend requests.',
  noUsersFound: 'No users found.',
  noFriends: 'You have no friends yet.',
  // Refusals (the server's messages).
  notYourself: "You can't send a friend request to yourself",
  userNotFound: 'User not found',
  alreadyRequested: 'You already sent a friend request to this member',
  alreadyFriends: 'You are already friends',
  friendsOfFriendsOnly: 'Only friends of friends can send this member a friend request',
  requestNotFound: 'Friend request not found',
  notRecipient: 'Only the member who received this request can answer it',
  notSender: 'Only the member who sent this request can cancel it',
  alreadyAnswered: 'This friend request has already been answered',
  notFriends: 'You are not friends with this member',
  actionInvalid: "The action must be 'accepted' or 'declined'",
});
