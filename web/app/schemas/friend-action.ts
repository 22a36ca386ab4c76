/**
 * The form of a friend action (POST /resources/friends): what to do and to whom. `userId` is the
 * other member; with it the answer carries the new relation (the profile's button needs it).
 */
import { z } from 'zod';
import { formText } from '~/utils/forms';

export const FRIEND_INTENTS = ['send', 'accept', 'decline', 'cancel', 'unfriend'] as const;
export type FriendIntent = (typeof FRIEND_INTENTS)[number];

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const friendAction = z.union([
  z.object({ intent: z.enum(['send', 'unfriend']), userId: id, requestId: z.undefined() }),
  z.object({ intent: z.enum(['accept', 'decline', 'cancel']), requestId: id, userId: id.optional() }),
]);
export type FriendAction = z.infer<typeof friendAction>;

/** The action, or null when the form names no known intent or lacks the id it needs. */
export function parseFriendAction(form: FormData): FriendAction | null {
  const fields = formText(form, ['intent', 'userId', 'requestId']);
  const parsed = friendAction.safeParse({
    intent: fields.intent,
    userId: fields.userId || undefined,
    requestId: fields.requestId || undefined,
  });
  return parsed.success ? parsed.data : null;
}
