/**
 * The friends service's stable error codes (beside the platform's shared ones) and the errors it
 * throws, each with the product text from `friendTexts`.
 */
import { friendTexts, MAX_BLOCKS, safetyTexts } from '@kora/contracts';
import { badRequest, conflict, forbidden, notFound } from '@kora/platform/service';
import type { RequestRefusal } from './rules/may-request.js';

export const FriendErrorCode = {
  NotYourself: 'NOT_YOURSELF',
  UserNotFound: 'USER_NOT_FOUND',
  AlreadyRequested: 'ALREADY_REQUESTED',
  AlreadyFriends: 'ALREADY_FRIENDS',
  FriendsOfFriendsOnly: 'FRIENDS_OF_FRIENDS_ONLY',
  RequestNotFound: 'REQUEST_NOT_FOUND',
  NotRecipient: 'NOT_RECIPIENT',
  NotSender: 'NOT_SENDER',
  AlreadyAnswered: 'ALREADY_ANSWERED',
  NotFriends: 'NOT_FRIENDS',
  RequestBusy: 'REQUEST_BUSY',
  NotYourselfBlock: 'NOT_YOURSELF_BLOCK',
  NotBlocked: 'NOT_BLOCKED',
  RequestBlocked: 'REQUEST_BLOCKED',
  TooManyBlocks: 'TOO_MANY_BLOCKS',
  BlocksCursorInvalid: 'BLOCKS_CURSOR_INVALID',
} as const;

export const notYourself = () => badRequest(friendTexts.notYourself, FriendErrorCode.NotYourself);
export const userNotFound = () => notFound(friendTexts.userNotFound, FriendErrorCode.UserNotFound);
export const alreadyRequested = () => conflict(friendTexts.alreadyRequested, FriendErrorCode.AlreadyRequested);
export const alreadyFriends = () => conflict(friendTexts.alreadyFriends, FriendErrorCode.AlreadyFriends);
/** The text of each refusal of the request policy (rules/may-request.ts), for the 403 and the relation. */
export const refusalText = (refusal: NonNullable<RequestRefusal>): string =>
  ({ friends_of_friends: friendTexts.friendsOfFriendsOnly })[refusal];
export const refused = (refusal: NonNullable<RequestRefusal>) => forbidden(refusalText(refusal), FriendErrorCode.FriendsOfFriendsOnly);
export const requestNotFound = () => notFound(friendTexts.requestNotFound, FriendErrorCode.RequestNotFound);
export const notRecipient = () => forbidden(friendTexts.notRecipient, FriendErrorCode.NotRecipient);
export const notSender = () => forbidden(friendTexts.notSender, FriendErrorCode.NotSender);
export const alreadyAnswered = () => conflict(friendTexts.alreadyAnswered, FriendErrorCode.AlreadyAnswered);
export const notFriends = () => notFound(friendTexts.notFriends, FriendErrorCode.NotFriends);
/** The pair's requests kept changing under a send (practically never): the client may retry. */
export const requestBusy = () => conflict(friendTexts.sendFailed, FriendErrorCode.RequestBusy);

// Blocking (decision 036).
export const notYourselfBlock = () => badRequest(safetyTexts.notYourselfBlock, FriendErrorCode.NotYourselfBlock);
export const notBlocked = () => notFound(safetyTexts.notBlocked, FriendErrorCode.NotBlocked);
/** A request between two members either of whom blocked the other, whichever way it goes. */
export const requestBlocked = () => forbidden(safetyTexts.requestBlocked, FriendErrorCode.RequestBlocked);
export const tooManyBlocks = () => conflict(safetyTexts.tooManyBlocks(MAX_BLOCKS), FriendErrorCode.TooManyBlocks);
export const blocksCursorInvalid = () => badRequest(safetyTexts.blocksCursorInvalid, FriendErrorCode.BlocksCursorInvalid);
