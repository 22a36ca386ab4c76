/**
 * The friends API (friends service): requests, the friends list, suggestions, and the relation
 * between the caller and one member (the profile's Add Friend button). Shapes follow the spec's
 * Friend, Friend request and Suggestion entities; texts in quotes in the spec are used verbatim.
 */
import { z } from 'zod';
import { messageAnswer } from './auth.js';

export const friendTexts = {
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
  notAccepting: 'This member is not accepting friend requests',
  requestNotFound: 'Friend request not found',
  notRecipient: 'Only the member who received this request can answer it',
  notSender: 'Only the member who sent this request can cancel it',
  alreadyAnswered: 'This friend request has already been answered',
  notFriends: 'You are not friends with this member',
  actionInvalid: "The action must be 'accepted' or 'declined'",
} as const;

export const sendRequestBody = z.object({ toUserId: z.coerce.number({ error: friendTexts.userNotFound }).int().positive(friendTexts.userNotFound) });
export const respondBody = z.object({ action: z.enum(['accepted', 'declined'], { error: friendTexts.actionInvalid }) });

/** Status as the spec writes it: 0 while pending, then the answer. */
export const requestStatus = z.union([z.literal(0), z.literal('accepted'), z.literal('declined'), z.literal('cancelled')]);

export const friendRequestSchema = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  fromUsername: z.string(),
  fromProfileImage: z.string(),
  toUserId: z.number().int(),
  toUsername: z.string(),
  toProfileImage: z.string(),
  status: requestStatus,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const friendSchema = z.object({ id: z.number().int(), user_name: z.string(), profileImage: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const suggestionSchema = friendSchema.extend({ user_id: z.number().int(), mutualCount: z.number().int() });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The caller's relation to one member, which decides the profile's friend button. */
export const relationSchema = z.object({
  userId: z.number().int(),
  status: z.enum(['self', 'none', 'requested', 'incoming', 'friends']),
  /** The pending request (sent or received), when there is one. */
  requestId: z.number().int().nullable(),
});
export type Relation = z.infer<typeof relationSchema>;

/** POST /api/friends/requests: a new request (201), or theirs accepted when they had asked first (200). */
export const sendRequestAnswer = messageAnswer.extend({ request: friendRequestSchema });
