/**
 * The friends API (friends service): requests, the friends list, suggestions, and the relation
 * between the caller and one member (the profile's Add Friend button). Shapes follow the product's
 * Friend, Friend request and Suggestion (docs/product/friends.md); its quoted texts are used verbatim.
 */
import { z } from 'zod';
import { friendTexts } from './friends-texts.js';

export * from './friends-texts.js';
import { messageAnswer } from './auth.js';

export const sendRequestBody = z
  .object({
    toUserId: z.coerce
      .number({ error: () => friendTexts.userNotFound })
      .int()
      .positive({ error: () => friendTexts.userNotFound }),
  })
  .meta({ example: { toUserId: 7 } });
export const respondBody = z
  .object({ action: z.enum(['accepted', 'declined'], { error: () => friendTexts.actionInvalid }) })
  .meta({ example: { action: 'accepted' } });

/** Status as the product writes it: 0 while pending, then the answer. */
export const requestStatus = z.union([z.literal(0), z.literal('accepted'), z.literal('declined'), z.literal('cancelled')]);

const friendRequestExample = {
  id: 15,
  fromUserId: 9,
  fromUsername: 'bola',
  fromName: 'Bola Adeyemi',
  fromProfileImage: '/uploads/profile/defaultavatar.png',
  toUserId: 7,
  toUsername: 'adaeze.okafor',
  toName: 'Adaeze Okafor',
  toProfileImage: '/uploads/profile/defaultavatar.png',
  status: 0 as const,
  createdAt: '2026-11-26T17:00:00.000Z',
};
export const friendRequestSchema = z
  .object({
    id: z.number().int(),
    fromUserId: z.number().int(),
    fromUsername: z.string(),
    /** The sender's display name (`displayName`; added after the product's fields). */
    fromName: z.string(),
    fromProfileImage: z.string(),
    toUserId: z.number().int(),
    toUsername: z.string(),
    /** The receiver's display name. */
    toName: z.string(),
    toProfileImage: z.string(),
    status: requestStatus,
    createdAt: z.string(),
  })
  .meta({ example: friendRequestExample });
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/**
 * `name`: the member's display name (`displayName`; added after the product's fields).
 * `verified`: an active Pro package (its badge; suggestions list such featured members first: decision 023).
 */
const friendFields = z.object({
  id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  profileImage: z.string(),
  verified: z.boolean(),
});
export const friendSchema = friendFields.meta({
  example: { id: 9, user_name: 'bola', name: 'Bola Adeyemi', profileImage: '/uploads/profile/defaultavatar.png', verified: false },
});
export type Friend = z.infer<typeof friendSchema>;

export const suggestionSchema = friendFields.extend({ user_id: z.number().int(), mutualCount: z.number().int() }).meta({
  example: {
    id: 12,
    user_id: 12,
    user_name: 'chidi',
    name: 'Chidi Okeke',
    profileImage: '/uploads/profile/defaultavatar.png',
    verified: true,
    mutualCount: 3,
  },
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The caller's relation to one member, which decides the profile's friend button. */
export const relationSchema = z
  .object({
    userId: z.number().int(),
    status: z.enum(['self', 'none', 'requested', 'incoming', 'friends']),
    /** The pending request (sent or received), when there is one. */
    requestId: z.number().int().nullable(),
    /** Whether the caller may send this member a request now (only ever with status `none`). */
    canRequest: z.boolean(),
    /** Why not, in product words, when a request would be refused by the member's privacy (else null). */
    reason: z.string().nullable(),
    /** Present (true) when the caller blocked this member: the profile offers Unblock (decision 036). */
    blocked: z.boolean().optional(),
  })
  .meta({ example: { userId: 7, status: 'none', requestId: null, canRequest: false, reason: friendTexts.friendsOfFriendsOnly } });
export type Relation = z.infer<typeof relationSchema>;

/** POST /api/friends/requests: a new request (201), or theirs accepted when they had asked first (200). */
export const sendRequestAnswer = messageAnswer
  .extend({ request: friendRequestSchema })
  .meta({ example: { message: friendTexts.requestSent, request: friendRequestExample } });
