/**
 * The errors the auth service throws, each with the product text from `authTexts` and a stable
 * code from the contracts' AuthErrorCode (clients branch on those codes).
 */
import { adminTexts, AuthErrorCode, authTexts, ErrorCode } from '@kora/contracts';
import { AppError, badRequest, forbidden } from '@kora/platform/service';

export const emailInUse = () => new AppError(409, AuthErrorCode.EmailInUse, authTexts.emailInUse);
export const usernameTaken = () => new AppError(409, AuthErrorCode.UsernameTaken, authTexts.usernameTaken);
export const signupsClosed = () => new AppError(403, AuthErrorCode.SignupsClosed, authTexts.signUpsClosed);
export const invalidCredentials = () => new AppError(401, AuthErrorCode.InvalidCredentials, authTexts.invalidCredentials);
export const notActivated = () => new AppError(403, AuthErrorCode.NotActivated, authTexts.notActivated);
export const suspended = () => new AppError(403, AuthErrorCode.Suspended, authTexts.suspended);
export const activationInvalid = () => new AppError(400, AuthErrorCode.ActivationInvalid, authTexts.activationInvalid);
export const activationExpired = () => new AppError(400, AuthErrorCode.ActivationExpired, authTexts.activationExpired);
export const activationUsed = () => new AppError(400, AuthErrorCode.ActivationUsed, authTexts.activationUsed);
export const otpInvalid = () => new AppError(400, AuthErrorCode.OtpInvalid, authTexts.otpInvalid);
export const otpLocked = () => new AppError(400, AuthErrorCode.OtpLocked, authTexts.otpLocked);
export const otpCooldown = (seconds: number) => new AppError(429, AuthErrorCode.OtpCooldown, authTexts.resendCooldown(seconds));
export const refreshInvalid = () => new AppError(401, AuthErrorCode.RefreshInvalid, authTexts.refreshInvalid);
export const currentPasswordWrong = () => new AppError(400, AuthErrorCode.CurrentPasswordWrong, authTexts.currentPasswordWrong);
export const userNotFound = () => new AppError(404, AuthErrorCode.UserNotFound, authTexts.userNotFound);
export const sessionNotFound = () => new AppError(404, AuthErrorCode.SessionNotFound, authTexts.sessionNotFound);
export const imageRequired = () => new AppError(400, AuthErrorCode.ImageRequired, authTexts.imageRequired);
export const rateLimited = () => new AppError(429, ErrorCode.RateLimited, 'Too many requests. Please wait a moment and try again.');
export const imageTooLarge = (maxMB: number) =>
  new AppError(413, ErrorCode.PayloadTooLarge, `The image is too large (at most ${maxMB} MB)`);
/** The media service could not store a profile image (down, or an answer we cannot read). */
export const imageNotStored = () => new AppError(502, ErrorCode.BadGateway, 'The image could not be stored. Please try again.');

// The back office (decision 024): refusals that would lock the admins out.
export const cannotDemoteSelf = () => new AppError(409, 'CANNOT_DEMOTE_SELF', adminTexts.cannotDemoteSelf);
export const cannotSuspendSelf = () => new AppError(409, 'CANNOT_SUSPEND_SELF', adminTexts.cannotSuspendSelf);
export const lastAdmin = () => new AppError(409, 'LAST_ADMIN', adminTexts.lastAdmin);
/** The acting admin is no longer an active admin, whatever their token still says. */
export const adminsOnly = () => forbidden('Admins only');
/** The settings service could not save the admin profile's time zone. */
export const timezoneNotSaved = () => new AppError(502, ErrorCode.BadGateway, 'The time zone could not be saved. Please try again.');
/** A sibling service asked for stats from a day that does not exist. */
export const statsDayInvalid = () => badRequest('since must be a real day written YYYY-MM-DD');

// Leaving and moving (decision 034).
export const balanceNotEmpty = (naira: string) => new AppError(409, AuthErrorCode.BalanceNotEmpty, authTexts.balanceNotEmpty(naira));
export const emailUnchanged = () => new AppError(400, AuthErrorCode.EmailUnchanged, authTexts.emailUnchanged);
export const emailChangeInvalid = () => new AppError(400, AuthErrorCode.EmailChangeInvalid, authTexts.emailChangeInvalid);
export const emailChangeExpired = () => new AppError(400, AuthErrorCode.EmailChangeExpired, authTexts.emailChangeExpired);
export const emailChangeUsed = () => new AppError(400, AuthErrorCode.EmailChangeUsed, authTexts.emailChangeUsed);
// The sign-in lock and two-step sign-in (decision 033).
export const signInWait = (seconds: number) => new AppError(429, AuthErrorCode.SignInWait, authTexts.signInWait(seconds));
export const signInLocked = () => new AppError(423, AuthErrorCode.SignInLocked, authTexts.signInLocked);
export const unlockInvalid = () => new AppError(400, AuthErrorCode.UnlockInvalid, authTexts.unlockInvalid);
export const twoStepCodeWrong = () => new AppError(400, AuthErrorCode.TwoStepCodeWrong, authTexts.twoStepCodeWrong);
export const twoStepChallengeInvalid = () => new AppError(401, AuthErrorCode.TwoStepChallengeInvalid, authTexts.twoStepChallengeInvalid);
export const twoStepAlreadyOn = () => new AppError(409, AuthErrorCode.TwoStepAlreadyOn, authTexts.twoStepAlreadyOn);
export const twoStepNotOn = () => new AppError(409, AuthErrorCode.TwoStepNotOn, authTexts.twoStepNotOn);
export const twoStepNoSetup = () => new AppError(409, AuthErrorCode.TwoStepNoSetup, authTexts.twoStepNoSetup);
