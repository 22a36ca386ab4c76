/**
 * The groups API's texts, limits and choices (docs/product/groups.md): plain values, no schema
 * library, so the browser can import them without carrying zod (groups.ts re-exports them).
 * The product's quoted texts are used verbatim; the refusals of what it leaves open are ours.
 */
import { localizedLabels } from '../i18n/localized-labels.js';
import { localizedTexts } from '../i18n/localized-texts.js';
export const GROUP_TABS = ['discover', 'joined', 'mine'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

export const GROUP_PRIVACIES = ['public', 'private'] as const;
export type GroupPrivacy = (typeof GROUP_PRIVACIES)[number];

/** A member's place in a group. The owner is the one who created it or to whom it was handed. */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** An uploaded image of ours (the media service's `/uploads/images/...` URLs). */
export const GROUP_PICTURE_URL = /^\/uploads\/images\/[0-9a-f]{32}(?:-[a-z0-9]{1,16})?\.(webp|png|jpg|gif)$/;

export const groupLimits = {
  /** The product's page size, and the cursor that asks for the first page. */
  pageSize: 12,
  firstCursor: 0,
  maxPageSize: 50,
  maxTitleLength: 80,
  maxDescriptionLength: 1_000,
  maxQueryLength: 100,
  /** Members and requests lists (ours). */
  membersPageSize: 20,
} as const;

export const groupTexts = localizedTexts('group', {
  // The product's texts.
  discover: 'Discover',
  join: 'Join',
  pending: 'Pending approval',
  joined: 'Joined',
  loadMore: 'Load more',
  reachedEnd: "You've reached the end",
  empty: 'No data to show',
  requestSent: 'Request sent',
  leftGroup: 'Left group',
  loadFailed: 'Failed to load groups',
  loadFailedToast: 'Load failed',
  joinFailed: 'Join failed',
  leaveFailed: 'Leave failed',
  tabJoined: 'Joined Groups',
  tabMine: 'My Groups',
  // Ours: what the product leaves open.
  publicGroup: 'Public group',
  privateGroup: 'Private group',
  publicHint: 'Anyone can join and see the posts.',
  privateHint: 'Members are approved by the owner or an admin; only members see the posts.',
  roleOwner: 'Owner',
  roleAdmin: 'Admin',
  roleMember: 'Member',
  searchPlaceholder: 'Search groups',
  notFound: 'Group not found',
  titleRequired: 'Give the group a title',
  titleTooLong: `Group titles can be at most ${groupLimits.maxTitleLength} characters long`,
  descriptionTooLong: `Descriptions can be at most ${groupLimits.maxDescriptionLength} characters long`,
  pictureInvalid: 'Choose a picture uploaded to Kora',
  privacyInvalid: "Privacy must be 'public' or 'private'",
  tabInvalid: "Tab must be 'discover', 'joined' or 'mine'",
  cursorInvalid: 'The page cursor is not valid',
  limitTooLarge: `Ask for at most ${groupLimits.maxPageSize} groups at a time`,
  queryTooLong: `Search for at most ${groupLimits.maxQueryLength} characters`,
  roleInvalid: "Role must be 'owner', 'admin' or 'member'",
  ownerOnly: "Only the group's owner can do this",
  reviewersOnly: "Only the group's owner and admins can do this",
  ownerCannotLeave: 'Hand the group over to another member before leaving it',
  ownerCannotBeRemoved: "The group's owner cannot be removed",
  adminsCannotRemoveAdmins: 'Admins can remove members, not other admins',
  ownerRoleFixed: 'Hand the group over to another member to stop being its owner',
  membersOnlyMembers: "Only the group's members can see who is in it",
  notAMember: 'This member is not in the group',
  noRequest: 'This member has not asked to join',
  membersOnlyPosts: "Only the group's members can see its posts",
  membersOnlyPosting: 'Join this group to post in it',
  created: 'Group created',
  updated: 'Group updated',
  deleted: 'Group deleted',
  approved: 'Request approved',
  declined: 'Request declined',
  removed: 'Member removed',
  roleChanged: 'Role updated',
  handedOver: 'Group handed over',
});

/** Choices' labels, read where shown (getters), in the page's language. */
export const groupTabLabels = localizedLabels<typeof groupTexts, GroupTab>(groupTexts, {
  discover: 'discover',
  joined: 'tabJoined',
  mine: 'tabMine',
});
export const groupPrivacyLabels = localizedLabels<typeof groupTexts, GroupPrivacy>(groupTexts, {
  public: 'publicGroup',
  private: 'privateGroup',
});
export const groupPrivacyHints = localizedLabels<typeof groupTexts, GroupPrivacy>(groupTexts, {
  public: 'publicHint',
  private: 'privateHint',
});
export const groupRoleLabels = localizedLabels<typeof groupTexts, GroupRole>(groupTexts, {
  owner: 'roleOwner',
  admin: 'roleAdmin',
  member: 'roleMember',
});
