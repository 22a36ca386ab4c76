/**
 * The settings service's errors, each with the product text from `settingsTexts` (the codes live
 * in the contracts, where clients branch on them). Field refusals come from the contracts'
 * schemas (the platform answers them 400 with the field's text).
 */
import {
  AuthErrorCode,
  MAX_MUTED_MEMBERS,
  MAX_MUTED_WORDS,
  MuteErrorCode,
  SettingsErrorCode,
  safetyTexts,
  settingsTexts,
} from '@kora/contracts';
import { badRequest, notFound } from '@kora/platform/service';

export const unsubscribeInvalid = () => badRequest(settingsTexts.unsubscribeInvalid, SettingsErrorCode.UnsubscribeInvalid);

export const notYourselfMute = () => badRequest(safetyTexts.notYourselfMute, MuteErrorCode.NotYourself);
export const mutedMemberUnknown = () => notFound(safetyTexts.userNotFound, AuthErrorCode.UserNotFound);
export const memberNotMuted = () => notFound(safetyTexts.notMuted, MuteErrorCode.MemberNotMuted);
export const wordNotMuted = () => notFound(safetyTexts.wordNotMuted, MuteErrorCode.WordNotMuted);
export const tooManyMutedMembers = () => badRequest(safetyTexts.tooManyMutedMembers(MAX_MUTED_MEMBERS), MuteErrorCode.TooManyMutedMembers);
export const tooManyMutedWords = () => badRequest(safetyTexts.tooManyMutedWords(MAX_MUTED_WORDS), MuteErrorCode.TooManyMutedWords);
