/**
 * Blocking (friends service: `/api/friends/blocks`) and muting (settings service:
 * `/api/settings/mutes`). A block works both ways and in every service (decision 036); a mute only
 * filters the muting member's own feeds, reels and search.
 */
import { z } from 'zod';
import { BLOCKS_PAGE_MAX, BLOCKS_PAGE_SIZE, MAX_MUTED_WORD_LENGTH, safetyTexts } from './safety-texts.js';

export * from './safety-texts.js';

/**
 * A member's id: a number, or its digits as a string. Not coerced from anything else: coercion made
 * `[1]` or `true` member 1, so a malformed body could block or mute a real member.
 */
const memberIdField = z
  .union([z.number(), z.string().regex(/^\d+$/, { error: () => safetyTexts.userNotFound })], { error: () => safetyTexts.userNotFound })
  .transform(Number)
  .pipe(
    z
      .number()
      .int({ error: () => safetyTexts.userNotFound })
      .positive({ error: () => safetyTexts.userNotFound }),
  );

export const blockBody = z.object({ userId: memberIdField }).meta({ example: { userId: 12 } });
export type BlockBody = z.infer<typeof blockBody>;

export const blockedMemberSchema = z
  .object({
    id: z.number().int(),
    user_name: z.string(),
    name: z.string(),
    profileImage: z.string(),
    blockedAt: z.string(),
  })
  .meta({
    example: {
      id: 12,
      user_name: 'chidi',
      name: 'Chidi Okeke',
      profileImage: '/uploads/profile/defaultavatar.png',
      blockedAt: '2026-11-29T09:00:00.000Z',
    },
  });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockedMemberListSchema = z.array(blockedMemberSchema);
/** `GET /api/friends/blocks?cursor&limit`: newest block first; the next page in the headers (decision 015). */
export const blocksQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BLOCKS_PAGE_MAX).default(BLOCKS_PAGE_SIZE),
});

/** The answer to a block or an unblock: where the pair stands now. */
export const blockStateSchema = z
  .object({ userId: z.number().int(), blocked: z.boolean(), message: z.string() })
  .meta({ example: { userId: 12, blocked: true, message: safetyTexts.blocked } });
export type BlockState = z.infer<typeof blockStateSchema>;

/**
 * A muted word, phrase or `#hashtag` as stored: trimmed, inner spaces collapsed, lower-cased.
 * A word matches whole words anywhere in a post (its hashtags included); a `#hashtag` only that hashtag.
 */
export function normaliseMutedWord(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase();
}

const MUTED_WORD = /^#?[\p{L}\p{N}_][\p{L}\p{N}_' -]*$/u;

export const mutedWordField = z
  .string({ error: () => safetyTexts.wordInvalid })
  .transform(normaliseMutedWord)
  .pipe(
    z
      .string()
      .min(1, { error: () => safetyTexts.wordInvalid })
      .max(MAX_MUTED_WORD_LENGTH, { error: () => safetyTexts.wordInvalid })
      .regex(MUTED_WORD, { error: () => safetyTexts.wordInvalid }),
  );

export const muteMemberBody = z.object({ userId: memberIdField }).meta({ example: { userId: 12 } });
export const muteWordBody = z.object({ word: mutedWordField }).meta({ example: { word: '#spoilers' } });

export const mutedMemberSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  profileImage: z.string(),
});
export type MutedMember = z.infer<typeof mutedMemberSchema>;

/** What a member muted: members first muted first, words in the order added. */
export const mutesSchema = z.object({ members: z.array(mutedMemberSchema), words: z.array(z.string()) }).meta({
  example: {
    members: [{ id: 12, user_name: 'chidi', name: 'Chidi Okeke', profileImage: '/uploads/profile/defaultavatar.png' }],
    words: ['#spoilers', 'election'],
  },
});
export type Mutes = z.infer<typeof mutesSchema>;
