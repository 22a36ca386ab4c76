/**
 * The groups API (groups service): lists by tab, membership with join approval, and the group's own
 * page. The list answers the product's `{ items, nextCursor }` with its Group fields
 * (`group_id`, `group_title`, ..., `joined`/`approved` as '1' or '0'); what the product leaves open
 * (creating, editing, approving, roles, members) is ours and follows decision 015 (bare arrays
 * paged by `Link` / `X-Next-Cursor`). A group's posts are the posts service's
 * (`GET /api/groups/{id}/posts`, the feed's shape).
 */
import { z } from 'zod';
import { GROUP_PICTURE_URL, GROUP_PRIVACIES, GROUP_ROLES, GROUP_TABS, groupLimits, groupTexts } from './groups-texts.js';

export * from './groups-texts.js';

const flag = z.enum(['1', '0']);

/** GET /api/groups: the product's query (`cursor` counts from 0; a page never asks for more than 50). */
export const groupListQuery = z.object({
  tab: z.enum(GROUP_TABS, { error: () => groupTexts.tabInvalid }).default('discover'),
  q: z
    .string({ error: () => groupTexts.queryTooLong })
    .trim()
    .max(groupLimits.maxQueryLength, { error: () => groupTexts.queryTooLong })
    .default(''),
  cursor: z.coerce
    .number({ error: () => groupTexts.cursorInvalid })
    .int({ error: () => groupTexts.cursorInvalid })
    .min(0, { error: () => groupTexts.cursorInvalid })
    .max(1_000_000, { error: () => groupTexts.cursorInvalid })
    .default(groupLimits.firstCursor),
  limit: z.coerce
    .number({ error: () => groupTexts.limitTooLarge })
    .int({ error: () => groupTexts.limitTooLarge })
    .min(1, { error: () => groupTexts.limitTooLarge })
    .max(groupLimits.maxPageSize, { error: () => groupTexts.limitTooLarge })
    .default(groupLimits.pageSize),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

const groupItemExample = {
  group_id: 4,
  group_title: 'Lagos Food Lovers',
  group_picture: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
  group_members: 1284,
  group_description: 'Where to eat in Lagos, and what to cook at home.',
  joined: '1' as const,
  approved: '0' as const,
  privacy: 'private' as const,
};

/** The product's Group, plus `privacy` (the card says whether joining needs approval). */
export const groupItemSchema = z
  .object({
    group_id: z.number().int(),
    group_title: z.string(),
    /** An uploaded image, or null: the client draws the title's initial instead. */
    group_picture: z.string().nullable(),
    group_members: z.number().int(),
    group_description: z.string(),
    /** '1' once the caller asked to join or joined; '0' otherwise. */
    joined: flag,
    /** '1' once the caller is a member; '0' while a request waits for approval, or not joined. */
    approved: flag,
    privacy: z.enum(GROUP_PRIVACIES),
  })
  .meta({ example: groupItemExample });
export type GroupItem = z.infer<typeof groupItemSchema>;

export const groupListAnswer = z
  .object({ items: z.array(groupItemSchema), nextCursor: z.number().int().nullable() })
  .meta({ example: { items: [groupItemExample], nextCursor: 12 } });
export type GroupListAnswer = z.infer<typeof groupListAnswer>;

const title = z
  .string({ error: () => groupTexts.titleRequired })
  .trim()
  .min(1, { error: () => groupTexts.titleRequired })
  .max(groupLimits.maxTitleLength, { error: () => groupTexts.titleTooLong });
const description = z
  .string({ error: () => groupTexts.descriptionTooLong })
  .trim()
  .max(groupLimits.maxDescriptionLength, { error: () => groupTexts.descriptionTooLong });
const picture = z
  .string({ error: () => groupTexts.pictureInvalid })
  .regex(GROUP_PICTURE_URL, { error: () => groupTexts.pictureInvalid })
  .nullable();
const privacy = z.enum(GROUP_PRIVACIES, { error: () => groupTexts.privacyInvalid });

/** POST /api/groups: a new group, its creator the owner. */
export const createGroupBody = z
  .object({ title, description: description.default(''), picture: picture.default(null), privacy: privacy.default('public') })
  .meta({
    example: {
      title: 'Lagos Food Lovers',
      description: 'Where to eat in Lagos, and what to cook at home.',
      picture: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
      privacy: 'private',
    },
  });
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/** PUT /api/groups/{id}: the fields given change (owner only). */
export const updateGroupBody = z
  .object({ title: title.optional(), description: description.optional(), picture: picture.optional(), privacy: privacy.optional() })
  .meta({ example: { description: 'Where to eat in Lagos. Be kind.', privacy: 'public' } });
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

export const groupIdParams = z.object({
  id: z.coerce
    .number({ error: () => groupTexts.notFound })
    .int()
    .positive({ error: () => groupTexts.notFound }),
});
export const groupMemberParams = groupIdParams.extend({
  userId: z.coerce
    .number({ error: () => groupTexts.notAMember })
    .int()
    .positive({ error: () => groupTexts.notAMember }),
});

/** GET /api/groups/{id}: the group page's header, with the caller's place in it. */
export const groupDetailSchema = groupItemSchema
  .extend({
    ownerId: z.number().int(),
    /** The caller's role once a member; null for others (pending included). */
    role: z.enum(GROUP_ROLES).nullable(),
    /** Join requests waiting: counted for the owner and admins, 0 for everyone else. */
    pendingRequests: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ example: { ...groupItemExample, ownerId: 7, role: 'owner', pendingRequests: 2, createdAt: '2026-11-20T09:00:00.000Z' } });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/**
 * The members list (GET /api/groups/{id}/members): owner first, then admins, then by joining.
 * `name` is the same display name as `displayName`, under the name every other answer uses for it;
 * `displayName` stays for the clients that read it.
 */
export const groupMemberSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    name: z.string(),
    profileImage: z.string(),
    role: z.enum(GROUP_ROLES),
    joinedAt: z.string(),
  })
  .meta({
    example: {
      userId: 9,
      username: 'bola',
      displayName: 'Bola Ade',
      name: 'Bola Ade',
      profileImage: '/uploads/profile/defaultavatar.png',
      role: 'admin',
      joinedAt: '2026-11-21T10:00:00.000Z',
    },
  });
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A join request waiting for the owner or an admin (GET /api/groups/{id}/requests), oldest first; `name` as in the members list. */
export const groupRequestSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    name: z.string(),
    profileImage: z.string(),
    requestedAt: z.string(),
  })
  .meta({
    example: {
      userId: 12,
      username: 'chidi',
      displayName: 'Chidi Okeke',
      name: 'Chidi Okeke',
      profileImage: '/uploads/profile/defaultavatar.png',
      requestedAt: '2026-11-26T08:00:00.000Z',
    },
  });
export type GroupRequest = z.infer<typeof groupRequestSchema>;

/** Members and requests lists: opaque keyset cursors (decision 015); `0` or none is the first page. */
export const groupPeopleQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: () => groupTexts.limitTooLarge })
    .int({ error: () => groupTexts.limitTooLarge })
    .min(1, { error: () => groupTexts.limitTooLarge })
    .max(groupLimits.maxPageSize, { error: () => groupTexts.limitTooLarge })
    .default(groupLimits.membersPageSize),
});

/**
 * PUT /api/groups/{id}/members/{userId}/role (owner only): make a member an admin or a member
 * again, or hand the group over (`owner`: the former owner stays on as an admin).
 */
export const groupRoleBody = z
  .object({ role: z.enum(GROUP_ROLES, { error: () => groupTexts.roleInvalid }) })
  .meta({ example: { role: 'admin' } });

/** Join, leave, approve, decline, remove and role changes answer a message and the group as the caller now sees it. */
export const groupActionAnswer = z.object({ message: z.string(), group: groupDetailSchema }).meta({
  example: {
    message: groupTexts.requestSent,
    group: { ...groupItemExample, ownerId: 7, role: null, pendingRequests: 0, createdAt: '2026-11-20T09:00:00.000Z' },
  },
});
export type GroupActionAnswer = z.infer<typeof groupActionAnswer>;
