/**
 * Changing your own e-mail address (decision 034):
 * - POST /api/settings/security/email { email, password } -> 202: a confirm link goes to the new
 *   address, a notice with a cancel link to the old one. Members only.
 * - POST /api/settings/security/email-change/confirm { token } -> the new address (from the link;
 *   no sign-in needed: the token is the proof).
 * - POST /api/settings/security/email-change/cancel { token } -> the pending change is off.
 */
import { authTexts, changeEmailBody, emailChangedAnswer, emailChangeTokenBody, errorBodySchema, messageAnswer } from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from '../accounts/email-change.js';
import type { Auth } from '../context.js';

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function emailChangeRoutes(app: ServiceApp, auth: Auth): void {
  app.post(
    '/api/settings/security/email',
    {
      schema: {
        tags: ['security'],
        operationId: 'requestEmailChange',
        summary: 'Ask to change your e-mail address (it changes when the link sent to it is opened)',
        ...memberOnly,
        body: changeEmailBody,
        response: { 202: messageAnswer, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requestEmailChange(auth, memberOf(request), request.body.email, request.body.password);
      return reply.code(202).send({ message: authTexts.emailChangeSent(request.body.email) });
    },
  );
}

/** The links' routes: anyone holding a token (registered outside the members group, app.ts). */
export function emailChangeLinkRoutes(app: ServiceApp, auth: Auth): void {
  app.post(
    '/api/settings/security/email-change/confirm',
    {
      schema: {
        tags: ['security'],
        operationId: 'confirmEmailChange',
        summary: 'Confirm an e-mail change with the token from the link sent to the new address',
        body: emailChangeTokenBody,
        response: { 200: emailChangedAnswer, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({ message: authTexts.emailChanged, email: await confirmEmailChange(auth, request.body.token) }),
  );

  app.post(
    '/api/settings/security/email-change/cancel',
    {
      schema: {
        tags: ['security'],
        operationId: 'cancelEmailChange',
        summary: 'Cancel a pending e-mail change with the token from the notice sent to the old address ("this wasn\'t me")',
        body: emailChangeTokenBody,
        response: { 200: messageAnswer, 400: errorBodySchema },
      },
    },
    async (request) => ({ message: await cancelEmailChange(auth, request.body.token) }),
  );
}
