/**
 * The refusals every service and the gateway answer the same way, whatever the route: sign in
 * first, not allowed, no such address, a body that cannot be read, a dependency away. Read where
 * the refusal is made, so a request that asks for another language (Accept-Language) gets it.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';

export const apiErrorTexts = localizedTexts('apiError', {
  signInRequired: 'Please sign in to continue',
  notAllowed: 'You are not allowed to do that',
  notFound: 'Not found',
  adminsOnly: 'Admins only',
  internalRoute: 'Internal route',
  requestInvalid: 'The request is not valid',
  bodyNotJson: 'The request body is not valid JSON',
  bodyEmpty: 'The request body is empty',
  tooLarge: 'The request is too large',
  contentTypeUnsupported: 'This content type is not supported',
  lengthInvalid: 'The request length is invalid',
  addressInvalid: 'The address is not valid',
  nullCharacter: 'Text cannot contain the null character (U+0000)',
  dependencyUnavailable: 'The service is unavailable. Please try again shortly.',
  somethingWentWrong: 'Something went wrong',
  noRoute: template('No route for {{method}} {{path}}', (method: string, path: string) => ({ method, path })),
  // The gateway's own answers.
  noApiRoute: template('No API route for {{method}} {{path}}', (method: string, path: string) => ({ method, path })),
  serviceUnavailable: template('The {{service}} service is unavailable. Please try again shortly.', (service: string) => ({ service })),
  serviceTimedOut: template('The {{service}} service took too long to answer. Please try again.', (service: string) => ({ service })),
  serviceAnswerInvalid: template('The {{service}} service sent an invalid answer. Please try again.', (service: string) => ({ service })),
  restarting: 'The site is restarting. Please try again in a moment.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  crossSiteRefused: 'Cross-site request refused',
  headersTooLarge: 'The request headers are too large',
  requestTooSlow: 'The request took too long to arrive',
  webSocketOnly: 'This address only accepts WebSocket connections',
  noWebSocketEndpoint: template('No WebSocket endpoint at {{path}}', (path: string) => ({ path })),
});
