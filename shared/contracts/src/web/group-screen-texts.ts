/**
 * The group pages' own words (beside the contracts' groupTexts): labels and confirmations the
 * product rules leave open.
 */
import { currentLocale } from '../i18n/current-locale.js';
import { intlLocale } from '../i18n/languages.js';
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const groupScreenTexts = localizedTexts('groupScreen', {
  title: 'Groups',
  turnedOff: 'Groups are turned off on this site.',
  createGroup: 'Create group',
  creating: 'Creating…',
  leaveGroup: 'Leave group',
  owner: 'Owner',
  manage: 'Manage',
  waitingForApproval: 'Your request is waiting for approval',
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  privacyLabel: 'Privacy',
  pictureLabel: 'Picture',
  choosePicture: 'Choose picture',
  changePicture: 'Change picture',
  removePicture: 'Remove picture',
  uploading: 'Uploading…',
  groupSettings: 'Group settings',
  save: 'Save',
  saving: 'Saving…',
  deleteGroup: 'Delete group',
  deleteGroupNamed: template('Delete group: {{title}}?', (title: string) => ({ title })),
  deleteConfirm: 'The group, its members list and its join requests go for good. Its posts stay with their authors.',
  deleting: 'Deleting…',
  approve: 'Approve',
  decline: 'Decline',
  noRequests: 'No one is waiting to join.',
  noMembers: 'No members yet.',
  noPosts: 'No posts in this group yet.',
  postsIn: template('Posts in {{title}}', (title: string) => ({ title })),
  makeAdmin: 'Make admin',
  removeAdmin: 'Remove admin',
  handOver: 'Hand the group over',
  removeMember: 'Remove from group',
  memberActions: 'Member actions',
  memberActionsFor: template('Member actions: {{name}}', (name: string) => ({ name })),
  makeAdminTitle: template('Make {{name}} an admin?', (name: string) => ({ name })),
  makeAdminDescription: 'Admins approve join requests and can remove members.',
  removeAdminTitle: template('Remove {{name}} as admin?', (name: string) => ({ name })),
  removeAdminDescription: 'They stay in the group as a member.',
  handOverTitle: template('Hand the group over to {{name}}?', (name: string) => ({ name })),
  handOverDescription: 'They become its owner; you stay on as an admin.',
  removeMemberTitle: template('Remove {{name}} from the group?', (name: string) => ({ name })),
  removeMemberDescription: 'They can ask to join again.',
  groupsList: 'Groups',
  groupLists: 'Group lists',
  groupSections: 'Group sections',
  members: 'Members',
  joinRequests: 'Join requests',
  loadingMore: 'Loading more',
  loadingMoreGroups: 'Loading more groups',
  tabPosts: 'Posts',
  tabMembers: 'Members',
  tabRequests: 'Requests',
  tabSettings: 'Settings',
  /** After the number of join requests on the Requests tab, for screen readers only. */
  waiting: 'waiting',
  requestFailed: 'Request failed',
  memberCountText: plural({ one: '{{number}} member', other: '{{number}} members' }, (count: number, number: string) => ({
    count,
    number,
  })),
  /** The member count as a card shows it: "1,284 members", "1 member". */
  memberCount: (count: number): string =>
    groupScreenTexts.memberCountText(count, new Intl.NumberFormat(intlLocale(currentLocale().language)).format(count)),
});

export const memberCount = groupScreenTexts.memberCount;
