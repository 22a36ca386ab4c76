/** Tables of the `auth` schema (Drizzle views of the SQL in migrations.ts). */
import { devMailTable, friendshipsTable, memberBlocksTable, memberPrivacyTable } from '@kora/platform/service';
import { bigint, boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const authSchema = (name: string) => {
  const schema = pgSchema(name);
  const users = schema.table('users', {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    username: text('username').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('pending'),
    bio: text('bio').notNull().default(''),
    /** Null means the default avatar. */
    profileImage: text('profile_image'),
    coverImage: text('cover_image'),
    /** Projection of the wallet balance for the sign-in record (kept by wallet events). */
    walletBalanceKobo: bigint('wallet_balance_kobo', { mode: 'number' }).notNull().default(0),
    /** The wallet transaction the balance is after (ids grow): an older event never overwrites it. */
    walletTransactionId: bigint('wallet_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    activatedAt: at('activated_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** A deletion asked for (decision 034); signing in before `deletionDueAt` cancels it. */
    deletionRequestedAt: at('deletion_requested_at'),
    deletionDueAt: at('deletion_due_at'),
  });
  const sessions = schema.table('sessions', {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeen: at('last_seen').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
  });
  const activationTokens = schema.table('activation_tokens', {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  });
  const passwordCodes = schema.table('password_codes', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  });
  const devMail = devMailTable(schema);
  /** Projections other services feed: privacy settings, the friend graph, details, mail switches. */
  const privacy = memberPrivacyTable(schema);
  const friendships = friendshipsTable(schema);
  /** Who blocked whom (friends service, decision 036): hides the two from each other's profile and search. */
  const blocks = memberBlocksTable(schema);
  const memberDetails = schema.table('member_details', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    /** Digits only: what a phone lookup compares. */
    phoneDigits: text('phone_digits').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    work: text('work').notNull(),
    education: text('education').notNull(),
    website: text('website').notNull(),
    /** The General tab's time zone (the admin profile shows and edits it through settings). */
    timezone: text('timezone').notNull().default('UTC'),
    /** The General tab's language: what auth's mails are written in (null: not heard yet). */
    language: text('language'),
    updatedAt: at('updated_at').notNull(),
  });
  const mailSettings = schema.table('member_mail_settings', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    emailSecurity: boolean('email_security').notNull(),
    updatedAt: at('updated_at').notNull(),
  });
  /** KORA_ADMIN_* applied (once per e-mail): a later demotion is not undone at the next start. */
  const firstAdmin = schema.table('first_admin', {
    email: text('email').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    appliedAt: at('applied_at').notNull().defaultNow(),
  });
  /** Erased accounts (decision 034): the id, never reused, and nothing that names the member. */
  const erasedAccounts = schema.table('erased_accounts', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    requestedAt: at('requested_at').notNull(),
    erasedAt: at('erased_at').notNull(),
  });
  /** Pending and past e-mail changes (decision 034): digests of the confirm and cancel tokens. */
  const emailChanges = schema.table('email_changes', {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    newEmail: text('new_email').notNull(),
    confirmHash: text('confirm_hash').notNull(),
    cancelHash: text('cancel_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    confirmedAt: at('confirmed_at'),
    cancelledAt: at('cancelled_at'),
  });
  /** Decision 033: the sign-in lock and two-step sign-in. */
  const signInThrottle = schema.table('sign_in_throttle', {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: at('blocked_until'),
    lockedAt: at('locked_at'),
    updatedAt: at('updated_at').notNull(),
  });
  const twoStep = schema.table('two_step', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    secretEnc: text('secret_enc'),
    pendingSecretEnc: text('pending_secret_enc'),
    pendingAt: at('pending_at'),
    enabledAt: at('enabled_at'),
    lastStep: bigint('last_step', { mode: 'number' }),
  });
  const recoveryCodes = schema.table(
    'two_step_recovery_codes',
    {
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      codeHash: text('code_hash').notNull(),
      usedAt: at('used_at'),
    },
    (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
  );
  const twoStepChallenges = schema.table(
    'two_step_challenges',
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      userAgent: text('user_agent').notNull().default(''),
      expiresAt: at('expires_at').notNull(),
      usedAt: at('used_at'),
    },
    (t) => [index('two_step_challenges_expiry_idx').on(t.expiresAt)],
  );
  return {
    erasedAccounts,
    emailChanges,
    signInThrottle,
    twoStep,
    recoveryCodes,
    twoStepChallenges,
    firstAdmin,
    users,
    sessions,
    activationTokens,
    passwordCodes,
    devMail,
    privacy,
    friendships,
    blocks,
    memberDetails,
    mailSettings,
  };
};

export type AuthTables = ReturnType<typeof authSchema>;
export type UserRow = AuthTables['users']['$inferSelect'];
export type SessionRow = AuthTables['sessions']['$inferSelect'];
