/**
 * The back office API (docs/product/admin.md, plus ours: Edit, Suspend, reports, audit log). Who
 * answers each path is in services.ts: users and the admin profile are auth's (it owns accounts,
 * roles, sessions), posts and reports are the posts service's (it owns moderation state), stats,
 * the audit log, site settings and representative applications are the admin service's. Every
 * /api/admin/* route is admins only, checked in the service (decision 024).
 */
import { z } from 'zod';
import { emailSchema, usernameSchema } from './auth.js';
import {
  ADMIN_ACTIONS,
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  ADMIN_POST_FILTERS,
  ADMIN_USER_SORTS,
  AUDIT_TARGETS,
  EXPORT_FORMATS,
  POST_VISIBILITY_ACTIONS,
  REPORT_DECISIONS,
  REPORT_MODERATIONS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  REPRESENTATIVE_REVIEW_NOTE_MAX,
  REPRESENTATIVE_STATUSES,
  SETTABLE_USER_STATUSES,
  SORT_DIRECTIONS,
  USER_ROLES,
  USER_STATUSES,
  adminTexts,
  representativeTexts,
} from './admin-texts.js';

export * from './admin-texts.js';

/** A page size of the admin tables: 10, 20, 50 or 100 (anything else is 400); default 10. */
export const adminPageSize = z.coerce
  .number()
  .int()
  .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20, 50 or 100')
  .default(ADMIN_DEFAULT_PAGE_SIZE);
/** Pages count from 1. */
export const adminPage = z.coerce.number().int().min(1, 'Page must be 1 or more').max(1_000_000).default(1);
const searchText = z.string().trim().max(200).default('');

/**
 * The numbered-page answer every admin table shares (the product's admin post list). Its example in
 * the API docs is a page holding the item's example (openapi-lint wants one on every success
 * answer).
 */
export function adminPageOf<T extends z.ZodType>(item: T) {
  const example = item.meta()?.example;
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      totalPages: z.number().int(),
      hasPrev: z.boolean(),
      hasNext: z.boolean(),
    })
    .meta({ example: { items: example === undefined ? [] : [example], total: 1, totalPages: 1, hasPrev: false, hasNext: false } });
}

export interface NumberedPage<T> {
  items: T[];
  total: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
}

/** One page of an admin table; an empty table still has one (empty) page. */
export function numberedPage<T>(items: T[], total: number, page: number, limit: number): NumberedPage<T> {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { items, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

// ---------------------------------------------------------------------------------------------
// Stats (admin service; counts from auth and posts)

export const adminDailyCountSchema = z.object({
  /** A day of KORA_TIME_ZONE, YYYY-MM-DD. */
  day: z.string(),
  signups: z.number().int(),
  posts: z.number().int(),
});
/**
 * GET /api/admin/stats. `pendingUsers`: signed up, not activated, activation link still valid;
 * `notActivated`: never activated and the link has expired; `banned`: suspended accounts;
 * `daily`: the last ADMIN_CHART_DAYS days, oldest first (decision 024).
 */
export const adminStatsSchema = z
  .object({
    totalUsers: z.number().int(),
    pendingUsers: z.number().int(),
    notActivated: z.number().int(),
    banned: z.number().int(),
    posts: z.number().int(),
    daily: z.array(adminDailyCountSchema),
  })
  .meta({
    example: {
      totalUsers: 1520,
      pendingUsers: 12,
      notActivated: 40,
      banned: 3,
      posts: 8123,
      daily: [{ day: '2026-11-26', signups: 14, posts: 230 }],
    },
  });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * The dashboard's counts come from their owners through internal routes (sibling services only,
 * `requireServiceCall`): auth counts accounts, posts counts posts. `since` is a day of
 * KORA_TIME_ZONE (YYYY-MM-DD): each owner counts rows created from that day's 00:00 in the zone and
 * groups them by the zone's days (`at time zone` in SQL). Days with nothing may be left out; the
 * admin service fills them with 0.
 */
export const INTERNAL_USER_STATS_PATH = '/internal/admin/user-stats';
export const INTERNAL_POST_STATS_PATH = '/internal/admin/post-stats';
export const internalStatsQuery = z.object({
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'since must be a day written YYYY-MM-DD'),
});
export type InternalStatsQuery = z.infer<typeof internalStatsQuery>;
/** One day's count (YYYY-MM-DD of KORA_TIME_ZONE). */
export const internalDailyCountSchema = z.object({ day: z.string(), count: z.number().int() });
/** GET /internal/admin/user-stats (auth): the account counts of adminStatsSchema and sign-ups per day since `since`. */
export const internalUserStatsAnswer = z.object({
  totalUsers: z.number().int(),
  pendingUsers: z.number().int(),
  notActivated: z.number().int(),
  banned: z.number().int(),
  daily: z.array(internalDailyCountSchema),
});
export type InternalUserStats = z.infer<typeof internalUserStatsAnswer>;
/** GET /internal/admin/post-stats (posts): posts not removed, and posts created per day since `since`. */
export const internalPostStatsAnswer = z.object({ posts: z.number().int(), daily: z.array(internalDailyCountSchema) });
export type InternalPostStats = z.infer<typeof internalPostStatsAnswer>;

// ---------------------------------------------------------------------------------------------
// Users (auth service)

export const adminUsersQuery = z.object({
  page: adminPage,
  limit: adminPageSize,
  search: searchText,
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    createdAt: z.string(),
    role: z.enum(USER_ROLES),
    status: z.enum(USER_STATUSES),
  })
  .meta({
    example: {
      id: 7,
      username: 'adaeze',
      email: 'adaeze@example.ng',
      firstname: 'Adaeze',
      lastname: 'Okafor',
      createdAt: '2026-11-20T08:15:00.000Z',
      role: 'user',
      status: 'active',
    },
  });
export type AdminUser = z.infer<typeof adminUserSchema>;
/** GET /api/admin/users: `{ items, total }` (ours add the page count and flags). */
export const adminUserListSchema = adminPageOf(adminUserSchema);
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** GET /api/admin/users/export: every matching row, streamed as users.csv or users.json. */
export const adminUsersExportQuery = z.object({
  search: searchText,
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
/** The export's two answers, one per format (`format=csv` a users.csv text, `format=json` an array). */
export const adminUsersCsvExport = z.string().meta({
  example:
    'id,username,email,firstname,lastname,createdAt,role,status\n7,adaeze,adaeze@example.ng,Adaeze,Okafor,2026-11-20T08:15:00.000Z,user,active\n',
});
export const adminUsersJsonExport = z.array(adminUserSchema).meta({
  example: [
    {
      id: 7,
      username: 'adaeze',
      email: 'adaeze@example.ng',
      firstname: 'Adaeze',
      lastname: 'Okafor',
      createdAt: '2026-11-20T08:15:00.000Z',
      role: 'user',
      status: 'active',
    },
  ],
});
/** The export's columns, in order (CSV header and JSON keys). */
export const ADMIN_EXPORT_COLUMNS = ['id', 'username', 'email', 'firstname', 'lastname', 'createdAt', 'role', 'status'] as const;

const personName = z.string().trim().min(1, 'Names cannot be empty').max(50, 'Names must be at most 50 characters');
/** PUT /api/admin/users/{id} (Edit): any of names, e-mail, username, role. Answers the updated user. */
export const adminEditUserBody = z
  .object({ firstname: personName, lastname: personName, email: emailSchema, username: usernameSchema, role: z.enum(USER_ROLES) })
  .partial()
  .strict()
  .meta({ example: { firstname: 'Adaeze', lastname: 'Okafor', email: 'adaeze.okafor@example.ng', role: 'user' } });
export type AdminEditUserBody = z.infer<typeof adminEditUserBody>;

/** PUT /api/admin/users/{id}/status (Suspend / Unsuspend). Answers the updated user. */
export const adminUserStatusBody = z.object({ status: z.enum(SETTABLE_USER_STATUSES) }).meta({ example: { status: 'suspended' } });

// ---------------------------------------------------------------------------------------------
// Admin profile (auth service; the member's own profile, password, avatar and session code)

/** GET api/admin/profile/me: username, firstname, lastname, email, bio, timezone, profileImage. */
export const adminProfileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    bio: z.string(),
    timezone: z.string(),
    profileImage: z.string(),
  })
  .meta({
    example: {
      id: 1,
      username: 'admin',
      firstname: 'Kora',
      lastname: 'Admin',
      email: 'admin@kora.ng',
      bio: '',
      timezone: 'Africa/Lagos',
      profileImage: '/uploads/profile/defaultavatar.png',
    },
  });
export type AdminProfile = z.infer<typeof adminProfileSchema>;
/** PUT api/admin/profile, body: username, firstname, lastname, email, bio, timezone. */
export const adminProfileBody = z
  .object({
    username: usernameSchema,
    firstname: personName,
    lastname: personName,
    email: emailSchema,
    bio: z.string().trim().max(500, 'Bio must be at most 500 characters'),
    timezone: z.string().trim().min(1).max(64),
  })
  .partial()
  .meta({
    example: {
      username: 'admin',
      firstname: 'Kora',
      lastname: 'Admin',
      email: 'admin@kora.ng',
      bio: 'Keeps the lights on',
      timezone: 'Africa/Lagos',
    },
  });
/** PUT api/admin/profile/password: oldPassword, newPassword; "New password must be at least 8 characters". */
export const adminPasswordBody = z
  .object({
    oldPassword: z.string().min(1, 'Enter your current password').max(128),
    newPassword: z
      .string()
      .min(8, { error: () => adminTexts.newPasswordTooShort })
      .max(128, 'Password must be at most 128 characters'),
  })
  .meta({ example: { oldPassword: 'Jollof-2026', newPassword: 'Suya-By-Night-7' } });

// ---------------------------------------------------------------------------------------------
// Posts moderation (posts service)

export const adminPostsQuery = z.object({
  status: z.enum(ADMIN_POST_FILTERS).default('all'),
  search: searchText,
  page: adminPage,
  limit: adminPageSize,
});
export type AdminPostsQuery = z.infer<typeof adminPostsQuery>;

export const adminPostSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    createdAt: z.string(),
    authorId: z.number().int(),
    authorUsername: z.string(),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    isDeleted: z.boolean(),
    /**
     * Who deleted it: a moderator's removal can be restored; a post its author deleted stays
     * deleted (it was their choice, decision 024). Null while it is not deleted.
     */
    deletedBy: z.enum(['author', 'moderator']).nullable(),
    isShadowHidden: z.boolean(),
    /** Open reports on the post (its comments' reports count on the comments). */
    reportCount: z.number().int(),
  })
  .meta({
    example: {
      id: 42,
      content: 'Jollof at Yaba tonight',
      createdAt: '2026-11-26T18:00:00.000Z',
      authorId: 7,
      authorUsername: 'adaeze',
      likeCount: 12,
      commentCount: 3,
      isDeleted: false,
      deletedBy: null,
      isShadowHidden: false,
      reportCount: 0,
    },
  });
export type AdminPost = z.infer<typeof adminPostSchema>;
/** GET api/admin/posts: `{ items, total, totalPages, hasPrev, hasNext }`. */
export const adminPostListSchema = adminPageOf(adminPostSchema);
export type AdminPostList = z.infer<typeof adminPostListSchema>;
/** PUT /api/admin/posts/{id}/visibility: `{ action }`. Answers the post as the table shows it. */
export const postVisibilityBody = z.object({ action: z.enum(POST_VISIBILITY_ACTIONS) }).meta({ example: { action: 'shadow' } });

// ---------------------------------------------------------------------------------------------
// Reports (posts service)

/** POST /api/reports: a post or a comment (exactly one), a reason, an optional note. 201 `{ id }`. */
export const createReportBody = z
  .object({
    postId: z.number().int().positive().optional(),
    commentId: z.number().int().positive().optional(),
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    note: z.string().trim().max(REPORT_NOTE_MAX, `A note must be at most ${REPORT_NOTE_MAX} characters`).default(''),
  })
  .refine((b) => (b.postId === undefined) !== (b.commentId === undefined), { error: () => adminTexts.reportTargetRequired })
  .meta({ example: { postId: 42, reason: 'spam', note: 'Same link posted 30 times' } });
export type CreateReportBody = z.infer<typeof createReportBody>;
export const createReportAnswer = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ example: { id: 5, message: adminTexts.reportSent } });

export const adminReportsQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  page: adminPage,
  limit: adminPageSize,
});
const reportEntrySchema = z.object({
  id: z.number().int(),
  reporterId: z.number().int(),
  reporterUsername: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
/**
 * GET /api/admin/reports: one row per reported item, most-reported then newest first. `id` is the
 * newest report's id: PUT /api/admin/reports/{id} with it closes every open report on the item.
 */
export const adminReportGroupSchema = z
  .object({
    id: z.number().int(),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.number().int(),
    /** The post itself, or the post the comment is on (for opening it). */
    postId: z.number().int(),
    content: z.string(),
    authorId: z.number().int(),
    authorUsername: z.string(),
    isDeleted: z.boolean(),
    isShadowHidden: z.boolean(),
    reportCount: z.number().int(),
    latestAt: z.string(),
    reasons: z.array(z.enum(REPORT_REASONS)),
    reports: z.array(reportEntrySchema),
  })
  .meta({
    example: {
      id: 9,
      targetType: 'post',
      targetId: 42,
      postId: 42,
      content: 'Buy followers cheap',
      authorId: 8,
      authorUsername: 'spammer',
      isDeleted: false,
      isShadowHidden: false,
      reportCount: 3,
      latestAt: '2026-11-26T18:00:00.000Z',
      reasons: ['spam'],
      reports: [
        {
          id: 9,
          reporterId: 7,
          reporterUsername: 'adaeze',
          reason: 'spam',
          note: '',
          status: 'open',
          createdAt: '2026-11-26T18:00:00.000Z',
        },
      ],
    },
  });
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;
export const adminReportListSchema = adminPageOf(adminReportGroupSchema);
/** PUT /api/admin/reports/{id}: resolve with the moderation taken, or dismiss. */
export const closeReportBody = z
  .object({ action: z.enum(REPORT_DECISIONS), moderation: z.enum(REPORT_MODERATIONS).optional() })
  .refine((b) => b.action === 'dismiss' || b.moderation !== undefined, { error: () => adminTexts.reportModerationRequired })
  .meta({ example: { action: 'resolve', moderation: 'remove' } });
export type CloseReportBody = z.infer<typeof closeReportBody>;
export const closeReportAnswer = z
  .object({ closed: z.number().int(), status: z.enum(REPORT_STATUSES) })
  .meta({ example: { closed: 3, status: 'resolved' } });

// ---------------------------------------------------------------------------------------------
// Audit log (admin service, fed by `admin.action-recorded` from every service)

export const auditQuery = z.object({
  page: adminPage,
  limit: adminPageSize,
  action: z.enum(ADMIN_ACTIONS).optional(),
  actorId: z.coerce.number().int().positive().optional(),
});
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actorId: z.number().int(),
    actorUsername: z.string(),
    /** The acting admin's display name (`firstname lastname`, else the username). */
    actorName: z.string(),
    action: z.enum(ADMIN_ACTIONS),
    targetType: z.enum(AUDIT_TARGETS),
    targetId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .meta({
    example: {
      id: 3,
      actorId: 1,
      actorUsername: 'admin',
      actorName: 'Ngozi Adeyemi',
      action: 'user.suspended',
      targetType: 'user',
      targetId: '7',
      before: { status: 'active' },
      after: { status: 'suspended' },
      createdAt: '2026-11-26T18:00:00.000Z',
    },
  });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = adminPageOf(auditEntrySchema);

// ---------------------------------------------------------------------------------------------
// Representative applications (admin service)

// Messages are read when a value is refused, so a member reads them in their page's language.
const nameLike = (min: number, message: () => string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(200, { error: message });
const handle = (short: () => string) =>
  z
    .string({ error: short })
    .trim()
    .min(3, { error: short })
    .max(50, { error: short })
    .regex(/^[A-Za-z0-9._-]+$/, { error: () => representativeTexts.usernameChars });

/** POST /api/representatives: the ten fields and their texts (docs/product/representatives.md). */
export const representativeApplicationBody = z
  .object({
    name: nameLike(2, () => representativeTexts.nameRequired),
    username: handle(() => representativeTexts.usernameShort),
    phone: z
      .string({ error: () => representativeTexts.phoneRequired })
      .trim()
      .min(7, { error: () => representativeTexts.phoneRequired })
      .max(20, { error: () => representativeTexts.phoneInvalid })
      .regex(/^[0-9+ ()-]+$/, { error: () => representativeTexts.phoneInvalid }),
    email: z
      .string({ error: () => representativeTexts.emailInvalid })
      .trim()
      .max(254, { error: () => representativeTexts.emailInvalid })
      .email({ error: () => representativeTexts.emailInvalid })
      .transform((e) => e.toLowerCase()),
    state: nameLike(2, () => representativeTexts.stateRequired),
    residentAddress: nameLike(5, () => representativeTexts.addressRequired),
    residentialState: nameLike(2, () => representativeTexts.residentialStateRequired),
    proposedLocation: nameLike(2, () => representativeTexts.locationRequired),
    koraUsername: handle(() => representativeTexts.koraUsernameRequired),
    note: z
      .string({ error: () => representativeTexts.noteShort })
      .trim()
      .min(10, { error: () => representativeTexts.noteShort })
      .max(600, { error: () => representativeTexts.noteLong }),
  })
  .meta({
    example: {
      name: 'Chidi Nwosu',
      username: 'chidi.n',
      phone: '+234 803 123 4567',
      email: 'chidi@example.ng',
      state: 'Enugu',
      residentAddress: '12 Ogui Road, Enugu',
      residentialState: 'Enugu',
      proposedLocation: 'Enugu North',
      koraUsername: 'chidi',
      note: 'I run a youth tech club and know the area well.',
    },
  });
export type RepresentativeApplicationBody = z.infer<typeof representativeApplicationBody>;
/** The field order of the form and of the 400 answer's `fields`. */
export const REPRESENTATIVE_FIELDS = Object.keys(representativeApplicationBody.shape) as (keyof RepresentativeApplicationBody)[];

/** 400 from POST /api/representatives: the first message in `error`, every field's in `fields`. */
export const fieldErrorsBodySchema = z
  .object({ error: z.string(), message: z.string(), code: z.string(), fields: z.record(z.string(), z.string()) })
  .meta({
    example: {
      error: representativeTexts.nameRequired,
      message: representativeTexts.nameRequired,
      code: 'VALIDATION_FAILED',
      fields: { name: representativeTexts.nameRequired, note: representativeTexts.noteShort },
    },
  });

export const representativeCreatedSchema = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ example: { id: 12, message: adminTexts.applicationSubmitted } });

export const representativeSchema = representativeApplicationBody
  .extend({
    id: z.number().int(),
    status: z.enum(REPRESENTATIVE_STATUSES),
    reviewNote: z.string(),
    /** The member who applied while signed in, if any. */
    userId: z.number().int().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .meta({
    example: {
      id: 12,
      name: 'Chidi Nwosu',
      username: 'chidi.n',
      phone: '+234 803 123 4567',
      email: 'chidi@example.ng',
      state: 'Enugu',
      residentAddress: '12 Ogui Road, Enugu',
      residentialState: 'Enugu',
      proposedLocation: 'Enugu North',
      koraUsername: 'chidi',
      note: 'I run a youth tech club and know the area well.',
      status: 'new',
      reviewNote: '',
      userId: null,
      createdAt: '2026-11-26T18:00:00.000Z',
      reviewedAt: null,
    },
  });
export type Representative = z.infer<typeof representativeSchema>;
export const representativesQuery = z.object({
  status: z.enum(['all', ...REPRESENTATIVE_STATUSES]).default('all'),
  page: adminPage,
  limit: adminPageSize,
});
export const representativeListSchema = adminPageOf(representativeSchema);
/** PUT /api/admin/representatives/{id}: the new status and the reviewer's note. */
export const reviewRepresentativeBody = z
  .object({ status: z.enum(REPRESENTATIVE_STATUSES), note: z.string().trim().max(REPRESENTATIVE_REVIEW_NOTE_MAX).default('') })
  .meta({ example: { status: 'accepted', note: 'Called on 26 Nov; starts in January.' } });
