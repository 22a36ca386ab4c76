/**
 * The groups service's stable error codes (beside the platform's shared ones) and the errors it
 * throws, each with the product text from `groupTexts`.
 */
import { groupTexts } from '@kora/contracts';
import { badRequest, conflict, forbidden, notFound } from '@kora/platform/service';

export const GroupErrorCode = {
  GroupNotFound: 'GROUP_NOT_FOUND',
  OwnerOnly: 'GROUP_OWNER_ONLY',
  ReviewersOnly: 'GROUP_REVIEWERS_ONLY',
  MembersOnly: 'GROUP_MEMBERS_ONLY',
  OwnerCannotLeave: 'GROUP_OWNER_CANNOT_LEAVE',
  OwnerCannotBeRemoved: 'GROUP_OWNER_CANNOT_BE_REMOVED',
  AdminsCannotRemoveAdmins: 'GROUP_ADMINS_CANNOT_REMOVE_ADMINS',
  OwnerRoleFixed: 'GROUP_OWNER_ROLE_FIXED',
  NotAMember: 'GROUP_NOT_A_MEMBER',
  NoRequest: 'GROUP_NO_REQUEST',
  CursorInvalid: 'GROUP_CURSOR_INVALID',
} as const;

export const groupNotFound = () => notFound(groupTexts.notFound, GroupErrorCode.GroupNotFound);
export const ownerOnly = () => forbidden(groupTexts.ownerOnly, GroupErrorCode.OwnerOnly);
export const reviewersOnly = () => forbidden(groupTexts.reviewersOnly, GroupErrorCode.ReviewersOnly);
export const membersOnlyMembers = () => forbidden(groupTexts.membersOnlyMembers, GroupErrorCode.MembersOnly);
export const ownerCannotLeave = () => conflict(groupTexts.ownerCannotLeave, GroupErrorCode.OwnerCannotLeave);
export const ownerCannotBeRemoved = () => forbidden(groupTexts.ownerCannotBeRemoved, GroupErrorCode.OwnerCannotBeRemoved);
export const adminsCannotRemoveAdmins = () => forbidden(groupTexts.adminsCannotRemoveAdmins, GroupErrorCode.AdminsCannotRemoveAdmins);
export const ownerRoleFixed = () => conflict(groupTexts.ownerRoleFixed, GroupErrorCode.OwnerRoleFixed);
export const notAMember = () => notFound(groupTexts.notAMember, GroupErrorCode.NotAMember);
export const noRequest = () => notFound(groupTexts.noRequest, GroupErrorCode.NoRequest);
export const cursorInvalid = () => badRequest(groupTexts.cursorInvalid, GroupErrorCode.CursorInvalid);
