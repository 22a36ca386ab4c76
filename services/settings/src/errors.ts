/**
 * The settings service's errors, each with the product text from `settingsTexts` (the codes live
 * in the contracts, where clients branch on them). Field refusals come from the contracts'
 * schemas (the platform answers them 400 with the field's text).
 */
import { SettingsErrorCode, settingsTexts } from '@kora/contracts';
import { badRequest } from '@kora/platform/service';

export const unsubscribeInvalid = () => badRequest(settingsTexts.unsubscribeInvalid, SettingsErrorCode.UnsubscribeInvalid);
