/**
 * Search, hashtags and the right panel's real data (decision 025). The posts service
 * answers all of it: it already keeps every projection a visibility rule needs (members, friends,
 * privacy, groups and their members, mentions, moderation), so the read model and its rules live in
 * one place. Lists are bare arrays paged by `X-Next-Cursor` / `Link` (decision 015).
 */
import { z } from 'zod';
import { groupItemSchema } from './groups.js';
import { FIRST_PAGE_CURSOR, postSchema } from './posts.js';
import { HASHTAG_MAX_LENGTH, isHashtag } from './hashtag-text.js';

export * from './hashtag-text.js';
export * from './search-texts.js';
import { SEARCH_TYPES, searchLimits, searchTexts } from './search-texts.js';

const limitOf = (max: number, fallback: number) =>
  z.coerce
    .number({ error: () => searchTexts.limitInvalid(max) })
    .int({ error: () => searchTexts.limitInvalid(max) })
    .min(1, { error: () => searchTexts.limitInvalid(max) })
    .max(max, { error: () => searchTexts.limitInvalid(max) })
    .default(fallback);

const cursor = z
  .string()
  .max(200, { error: () => searchTexts.cursorInvalid })
  .optional()
  .transform((value) => (value === FIRST_PAGE_CURSOR ? undefined : value))
  .describe("From the previous page's X-Next-Cursor; 0 or none for the first page");

/** GET /api/search?q=&type=&cursor=&limit= — a blank `q` answers []. `type` defaults to people (the first tab). */
export const searchQuery = z.object({
  q: z
    .string()
    .max(searchLimits.maxQueryLength, { error: () => searchTexts.queryTooLong })
    .default(''),
  type: z.enum(SEARCH_TYPES, { error: () => searchTexts.typeInvalid }).default('people'),
  cursor,
  limit: limitOf(searchLimits.maxPageSize, searchLimits.pageSize),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * A member as lists show them (search, Pro users, who shared): `name` is the one display rule
 * (`displayName`: first and last name, else the username); `verified` an active Pro package.
 */
export const memberCardSchema = z
  .object({ id: z.number().int(), username: z.string(), name: z.string(), profileImage: z.string(), verified: z.boolean() })
  .meta({
    example: {
      id: 7,
      username: 'adaeze.okafor',
      name: 'Adaeze Okafor',
      profileImage: '/uploads/profile/defaultavatar.png',
      verified: true,
    },
  });
export type MemberCard = z.infer<typeof memberCardSchema>;

/** A group in search results: the groups list's card without the caller's join state (the group page has it). */
export const searchGroupSchema = groupItemSchema.omit({ joined: true, approved: true });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** A tag and how many posts carry it (trending: public posts of the last 7 days). */
export const hashtagCountSchema = z.object({ tag: z.string(), count: z.number().int() }).meta({ example: { tag: 'jollof', count: 128 } });
export type HashtagCount = z.infer<typeof hashtagCountSchema>;

/** The answer of GET /api/search, by `type`: people, the feed's posts, groups, or tags. */
export const searchAnswerSchema = z.union([
  z.array(memberCardSchema),
  z.array(postSchema),
  z.array(searchGroupSchema),
  z.array(hashtagCountSchema),
]);

/** GET /api/hashtags/trending?limit= */
export const trendingQuery = z.object({ limit: limitOf(searchLimits.maxTrendingSize, searchLimits.trendingSize) });

/** GET /api/hashtags/{tag}/posts — the tag without `#`, any case; the feed's cursor and limit. */
export const hashtagParams = z.object({
  tag: z
    .string()
    .max(HASHTAG_MAX_LENGTH * 4, { error: () => searchTexts.hashtagInvalid })
    .refine((tag) => isHashtag(tag.normalize('NFC')), { error: () => searchTexts.hashtagInvalid }),
});

/** GET /api/members/pro?limit= — members with an active Pro package, most recent plan first. */
export const proMembersQuery = z.object({ limit: limitOf(searchLimits.maxPageSize, searchLimits.proMembersSize) });

/** GET /api/shares/friends?limit= — what the caller's friends shared most recently. */
export const friendSharesQuery = z.object({ limit: limitOf(searchLimits.maxPageSize, searchLimits.friendSharesSize) });
export const friendShareSchema = z.object({ sharedBy: memberCardSchema, sharedAt: z.string(), post: postSchema });
export type FriendShare = z.infer<typeof friendShareSchema>;
