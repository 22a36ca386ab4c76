/**
 * The settings service's stable error codes (beside the platform's shared ones) and the errors it
 * throws, each with the product text from `settingsTexts`. Field refusals come from the contracts'
 * schemas (the platform answers them 400 with the field's text).
 */
import { settingsTexts } from '@kora/contracts';
import { badRequest } from '@kora/platform/service';

export const SettingsErrorCode = {
  UnsubscribeInvalid: 'UNSUBSCRIBE_INVALID',
} as const;

export const unsubscribeInvalid = () => badRequest(settingsTexts.unsubscribeInvalid, SettingsErrorCode.UnsubscribeInvalid);
