/**
 * The form of a friend action (POST /resources/friends): what to do and to whom. `userId` is the
 * other member; with it the answer carries the new relation (the profile's button needs it).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

export const FRIEND_INTENTS = ['send', 'accept', 'decline', 'cancel', 'unfriend'] as const;
export type FriendIntent = (typeof FRIEND_INTENTS)[number];

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An id field the form may leave empty: empty reads as absent. */
const optionalId = z.preprocess((value) => (value === '' ? undefined : value), id.optional());
const noId = z.preprocess((value) => (value === '' ? undefined : value), z.undefined());

const friendAction = z.union([
  z.object({ intent: z.enum(['send', 'unfriend']), userId: id, requestId: noId }),
  z.object({ intent: z.enum(['accept', 'decline', 'cancel']), requestId: id, userId: optionalId }),
]);
export type FriendAction = z.infer<typeof friendAction>;

/** The action, or null when the form names no known intent or lacks the id it needs. */
export function parseFriendAction(form: FormData): FriendAction | null {
  // The schema reads the fields itself: conform's coercion would make `requestId` required.
  const submission = parseWithZod(form, { schema: friendAction, disableAutoCoercion: true });
  return submission.status === 'success' ? submission.value : null;
}
