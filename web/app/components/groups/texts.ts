/**
 * The group pages' own words (the web's, beside the contracts' groupTexts): labels and
 * confirmations the product rules leave open. Plain values, so any group component can take them.
 */
export const groupPageTexts = {
  title: 'Groups',
  turnedOff: 'Groups are turned off on this site.',
  createGroup: 'Create group',
  creating: 'Creating…',
  leaveGroup: 'Leave group',
  owner: 'Owner',
  manage: 'Manage',
  members: 'members',
  waitingForApproval: 'Your request is waiting for approval',
  pictureLabel: 'Picture',
  choosePicture: 'Choose picture',
  changePicture: 'Change picture',
  removePicture: 'Remove picture',
  uploading: 'Uploading…',
  deleteGroup: 'Delete group',
  deleteConfirm: 'The group, its members list and its join requests go for good. Its posts stay with their authors.',
  deleting: 'Deleting…',
  approve: 'Approve',
  decline: 'Decline',
  noRequests: 'No one is waiting to join.',
  noMembers: 'No members yet.',
  noPosts: 'No posts in this group yet.',
  makeAdmin: 'Make admin',
  removeAdmin: 'Remove admin',
  handOver: 'Hand the group over',
  removeMember: 'Remove from group',
  memberActions: 'Member actions',
} as const;

/** The member count as a card shows it: "1,284 members", "1 member". */
export function memberCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`;
}
