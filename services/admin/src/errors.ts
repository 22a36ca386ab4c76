/** The admin service's stable error codes (beside the platform's shared ones) and the errors it throws. */
import { adminTexts } from '@kora/contracts';
import { badRequest, conflict, notFound } from '@kora/platform/service';

export const AdminErrorCode = {
  InvalidSettings: 'INVALID_SETTINGS',
  ApplicationOpen: 'APPLICATION_OPEN',
  ApplicationNotFound: 'APPLICATION_NOT_FOUND',
} as const;

/** A site-settings change the section's schema refuses; `message` is the first issue's text. */
export const invalidSettings = (message: string) => badRequest(message, AdminErrorCode.InvalidSettings);
/** Someone applies while an application of theirs is still open. */
export const applicationOpen = () => conflict(adminTexts.applicationOpen, AdminErrorCode.ApplicationOpen);
export const applicationNotFound = () => notFound(adminTexts.applicationNotFound, AdminErrorCode.ApplicationNotFound);
