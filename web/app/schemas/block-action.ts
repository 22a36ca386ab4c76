/** The form of a block action (POST /resources/blocks): block or unblock, and whom. */
import { z } from 'zod';

const blockAction = z.object({
  intent: z.enum(['block', 'unblock']),
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type BlockAction = z.infer<typeof blockAction>;

/** The action, or null when the form names no known intent or no member. */
export function parseBlockAction(form: FormData): BlockAction | null {
  const parsed = blockAction.safeParse({ intent: form.get('intent'), userId: form.get('userId') });
  return parsed.success ? parsed.data : null;
}
