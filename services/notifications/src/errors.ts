/**
 * The notifications service's stable error codes (beside the platform's shared ones) and the errors
 * it throws, each with its text from the contracts.
 */
import { pushTexts } from '@kora/contracts';
import { badRequest, notFound } from '@kora/platform/service';

export const NotificationsErrorCode = {
  PushEndpointInvalid: 'PUSH_ENDPOINT_INVALID',
  PushNotSubscribed: 'PUSH_NOT_SUBSCRIBED',
  PushSubscriptionInvalid: 'PUSH_SUBSCRIPTION_INVALID',
} as const;

export const pushEndpointInvalid = () => badRequest(pushTexts.endpointInvalid, NotificationsErrorCode.PushEndpointInvalid);
export const pushNotSubscribed = () => notFound(pushTexts.notSubscribed, NotificationsErrorCode.PushNotSubscribed);
export const pushSubscriptionInvalid = () => badRequest(pushTexts.subscriptionInvalid, NotificationsErrorCode.PushSubscriptionInvalid);
