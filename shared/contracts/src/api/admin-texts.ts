/**
 * The back office's texts and fixed lists (docs/product/admin.md and
 * docs/product/representatives.md). The product's quoted texts are used exactly; the others are
 * ours (decision 024). Kept apart from the schemas (admin.ts) so the web app's admin chunk carries
 * only what it shows.
 */
import { localizedLabels } from '../i18n/localized-labels.js';
import { localizedTexts } from '../i18n/localized-texts.js';

/** Page sizes of the users and posts tables: 10, 20, 50, 100; default 10. */
export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 10;

/** The users table: sort by (Created, Email, Username) and direction (Desc, Asc); default createdAt desc. */
export const ADMIN_USER_SORTS = ['createdAt', 'email', 'username'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** An account's status: pending until activated; suspended by an admin (sign-in refused, sessions ended). */
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** What PUT /api/admin/users/{id}/status may set. */
export const SETTABLE_USER_STATUSES = ['active', 'suspended'] as const;

/** The posts screen's status filter (the product's all, visible, shadow, deleted) plus ours: reported. */
export const ADMIN_POST_FILTERS = ['all', 'visible', 'shadow', 'deleted', 'reported'] as const;
export type AdminPostFilter = (typeof ADMIN_POST_FILTERS)[number];
/** Row actions: remove/restore by the deleted flag, shadow/unshadow by the shadow flag. */
export const POST_VISIBILITY_ACTIONS = ['remove', 'restore', 'shadow', 'unshadow'] as const;
export type PostVisibilityAction = (typeof POST_VISIBILITY_ACTIONS)[number];

/** Why a member reports a post or a comment. */
export const REPORT_REASONS = ['spam', 'harassment', 'nudity', 'violence', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TARGETS = ['post', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/**
 * Closing a report: `resolve` with the moderation action taken on the item (remove or shadow for a
 * post, remove for a comment), or `dismiss` (nothing wrong). Every open report on the same item is
 * closed with it, and each reporter is told the outcome.
 */
export const REPORT_DECISIONS = ['resolve', 'dismiss'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const REPORT_MODERATIONS = ['remove', 'shadow'] as const;
export type ReportModeration = (typeof REPORT_MODERATIONS)[number];
export const REPORT_NOTE_MAX = 500;

/** Representative applications: the review states an admin sets. */
export const REPRESENTATIVE_STATUSES = ['new', 'contacted', 'accepted', 'rejected'] as const;
export type RepresentativeStatus = (typeof REPRESENTATIVE_STATUSES)[number];
export const REPRESENTATIVE_REVIEW_NOTE_MAX = 1_000;

/** What the audit log records (who did what to which target; before/after kept as JSON). */
export const ADMIN_ACTIONS = [
  'user.edited',
  'user.suspended',
  'user.unsuspended',
  'settings.updated',
  'post.removed',
  'post.restored',
  'post.shadowed',
  'post.unshadowed',
  'comment.removed',
  'report.resolved',
  'report.dismissed',
  'representative.reviewed',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
/** `message-report`: a reported message's report, closed by an admin (messages service, decision 039). */
export const AUDIT_TARGETS = ['user', 'settings', 'post', 'comment', 'report', 'representative', 'message-report'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** The dashboard chart: sign-ups and posts per day over this many days (today included). */
export const ADMIN_CHART_DAYS = 30;

/** Texts. The product's quoted texts are exact (docs/product/admin.md); the rest are ours (decision 024). */
export const adminTexts = localizedTexts('admin', {
  // Users
  searchUsersPlaceholder: 'Search username or email…',
  noUsers: 'No users found',
  exportPrepared: 'Export prepared',
  exportFailed: 'Export failed',
  loadUsersFailed: 'Failed to load users',
  userUpdated: 'Updated',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin role.',
  lastAdmin: 'The last admin cannot be suspended or demoted.',
  userSuspended: 'Account suspended. Every session it had has ended.',
  userUnsuspended: 'Account reinstated.',
  // Stats
  loadStatsFailed: 'Failed to load stats',
  // Settings
  loadingSettings: 'Loading settings…',
  loadSettingsFailed: 'Failed to load settings',
  updateSettingsFailed: 'Failed to update settings',
  saveFailed: 'Save failed',
  saved: 'Saved',
  smtpPasswordHint: 'If ******** is shown, leaving it unchanged keeps the existing secret.',
  smtpHostLocal: 'The SMTP host must be a mail server, not this machine or a link-local address',
  // Profile
  newPasswordTooShort: 'New password must be at least 8 characters',
  chooseImageFirst: 'Please choose an image first',
  noOtherSessions: 'No other active sessions',
  profileUpdated: 'Profile updated',
  avatarUpdated: 'Avatar updated',
  passwordChanged: 'Password changed',
  sessionRevoked: 'Session revoked',
  fetchProfileFailed: 'Failed to fetch profile',
  updateProfileFailed: 'Failed to update profile',
  changePasswordFailed: 'Failed to change password',
  uploadFailed: 'Upload failed',
  loadSessionsFailed: 'Failed to load sessions',
  revokeSessionFailed: 'Failed to revoke session',
  // Posts
  searchPostsPlaceholder: 'Search content/author',
  loadPostsFailed: 'Failed to load posts',
  actionFailed: 'Action failed',
  noPosts: 'No posts found',
  postNotFound: 'Post not found',
  deletedByAuthor: 'Its author deleted this post; only a post a moderator removed can be restored.',
  // Reports (ours)
  reasonSpam: 'Spam',
  reasonHarassment: 'Harassment or bullying',
  reasonNudity: 'Nudity or sexual content',
  reasonViolence: 'Violence or threats',
  reasonOther: 'Something else',
  reportSent: 'Thanks for telling us. Our moderators will review it.',
  alreadyReported: 'You have already reported this.',
  cannotReportOwn: 'You cannot report your own post or comment.',
  reportTargetRequired: 'Say which post or comment you are reporting.',
  reportNotFound: 'Report not found',
  reportClosed: 'This report has already been closed.',
  reportModerationRequired: 'Choose the moderation action taken (remove or shadow).',
  commentCannotShadow: 'A comment can only be removed.',
  noReports: 'No open reports',
  // Representatives
  applicationSubmitted: 'Application submitted',
  applicationSubmittedDetail: "We'll review and get back to you shortly",
  submissionFailed: 'Submission failed',
  submitFailed: 'Failed to submit application',
  tryAgain: 'Please try again',
  submitting: 'Submitting…',
  submitApplication: 'Submit application',
  applicationOpen: 'An application with this e-mail is already being reviewed. We will get back to you soon.',
  applicationNotFound: 'Application not found',
  noApplications: 'No applications yet',
  // Audit
  noAuditEntries: 'No admin actions recorded yet',
});

/** The representative form's messages, exact (docs/product/representatives.md). */
export const representativeTexts = localizedTexts('representative', {
  nameRequired: 'Name is required',
  usernameShort: 'Username must be at least 3 characters',
  usernameChars: 'Only letters, numbers, dot, underscore, dash',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Invalid phone number',
  emailInvalid: 'Invalid email',
  stateRequired: 'State is required',
  addressRequired: 'Address is required',
  residentialStateRequired: 'Residential state is required',
  locationRequired: 'Proposed location is required',
  koraUsernameRequired: 'Kora username is required',
  noteShort: 'Please add a short note',
  noteLong: 'Max 600 chars',
});

/** Choices' labels, read where shown (getters), in the page's language. */
export const reportReasonLabels = localizedLabels<typeof adminTexts, ReportReason>(adminTexts, {
  spam: 'reasonSpam',
  harassment: 'reasonHarassment',
  nudity: 'reasonNudity',
  violence: 'reasonViolence',
  other: 'reasonOther',
});
