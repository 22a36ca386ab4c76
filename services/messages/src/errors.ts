/**
 * The messages service's stable error codes and the errors it throws, each with the product text
 * from `messageTexts` (decision 039).
 */
import { messageTexts as t } from '@kora/contracts';
import { badRequest, conflict, forbidden, notFound } from '@kora/platform/service';

export const MessageErrorCode = {
  ConversationNotFound: 'CONVERSATION_NOT_FOUND',
  MessageNotFound: 'MESSAGE_NOT_FOUND',
  MemberNotFound: 'MEMBER_NOT_FOUND',
  CantMessage: 'CANT_MESSAGE',
  NotSender: 'NOT_SENDER',
  NotCreator: 'NOT_CREATOR',
  NotGroup: 'NOT_GROUP',
  NotYourself: 'NOT_YOURSELF',
  TooManyMembers: 'TOO_MANY_MEMBERS',
  TitleRequired: 'TITLE_REQUIRED',
  BodyEmpty: 'BODY_EMPTY',
  BodyTooLong: 'BODY_TOO_LONG',
  PhotosOrVideo: 'PHOTOS_OR_VIDEO',
  ReplyNotFound: 'REPLY_NOT_FOUND',
  NotRequest: 'NOT_REQUEST',
  CursorInvalid: 'CURSOR_INVALID',
  ReportNotFound: 'REPORT_NOT_FOUND',
  ReportClosed: 'REPORT_CLOSED',
} as const;

/** The one answer for a conversation that does not exist and for one the caller is not in. */
export const conversationNotFound = () => notFound(t.conversationNotFound, MessageErrorCode.ConversationNotFound);
export const messageNotFound = () => notFound(t.messageNotFound, MessageErrorCode.MessageNotFound);
export const memberNotFound = () => notFound(t.memberNotFound, MessageErrorCode.MemberNotFound);
/** A block, or the recipient's message policy; names nothing private about who refused what. */
export const cantMessage = () => forbidden(t.cantMessage, MessageErrorCode.CantMessage);
export const notSender = () => forbidden(t.notSender, MessageErrorCode.NotSender);
export const notCreator = () => forbidden(t.notCreator, MessageErrorCode.NotCreator);
export const notGroup = () => badRequest(t.notGroup, MessageErrorCode.NotGroup);
export const notYourself = () => badRequest(t.notYourself, MessageErrorCode.NotYourself);
export const tooManyMembers = () => badRequest(t.tooManyMembers, MessageErrorCode.TooManyMembers);
export const titleRequired = () => badRequest(t.groupTitleRequired, MessageErrorCode.TitleRequired);
export const bodyEmpty = () => badRequest(t.bodyEmpty, MessageErrorCode.BodyEmpty);
export const bodyTooLong = () => badRequest(t.bodyTooLong, MessageErrorCode.BodyTooLong);
export const photosOrVideo = () => badRequest(t.photosOrVideo, MessageErrorCode.PhotosOrVideo);
export const replyNotFound = () => badRequest(t.replyNotFound, MessageErrorCode.ReplyNotFound);
export const notRequest = () => conflict(t.notRequest, MessageErrorCode.NotRequest);
export const cursorInvalid = () => badRequest(t.cursorInvalid, MessageErrorCode.CursorInvalid);
export const reportNotFound = () => notFound(t.reportNotFound, MessageErrorCode.ReportNotFound);
export const reportClosed = () => conflict(t.reportClosed, MessageErrorCode.ReportClosed);
