/**
 * Two-step sign-in in the Security tab of Settings (decision 033); the caller's own, only.
 * - GET /api/settings/security/two-step -> on or off, recovery codes left.
 * - POST /api/settings/security/two-step/setup -> a new pending secret: URI, QR code, text.
 * - POST /api/settings/security/two-step/confirm { code } -> on; the ten recovery codes, once.
 * - POST /api/settings/security/two-step/disable { password, code } -> off.
 */
import {
  authTexts,
  errorBodySchema,
  messageAnswer,
  twoStepConfirmBody,
  twoStepDisableBody,
  twoStepRecoveryCodesAnswer,
  twoStepSetupAnswer,
  twoStepStatusSchema,
} from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { confirmOwnSetup, ownTwoStepStatus, startOwnSetup, turnOwnTwoStepOff } from '../accounts/own-two-step.js';
import type { Auth } from '../context.js';

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function twoStepRoutes(app: ServiceApp, auth: Auth): void {
  app.get(
    '/api/settings/security/two-step',
    {
      schema: {
        tags: ['security'],
        operationId: 'twoStepStatus',
        summary: 'Whether your two-step sign-in is on',
        ...memberOnly,
        response: { 200: twoStepStatusSchema, 401: errorBodySchema },
      },
    },
    async (request) => ownTwoStepStatus(auth, memberOf(request)),
  );

  app.post(
    '/api/settings/security/two-step/setup',
    {
      schema: {
        tags: ['security'],
        operationId: 'startTwoStepSetup',
        summary: 'Start setting up two-step sign-in: a new secret for your authenticator app',
        description:
          'The secret is answered here only; it is stored encrypted and never answered again. Confirm it with a code to turn two-step on.',
        ...memberOnly,
        response: { 200: twoStepSetupAnswer, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => startOwnSetup(auth, memberOf(request)),
  );

  app.post(
    '/api/settings/security/two-step/confirm',
    {
      schema: {
        tags: ['security'],
        operationId: 'confirmTwoStepSetup',
        summary: 'Turn two-step sign-in on with a current code; answers your ten recovery codes once',
        ...memberOnly,
        body: twoStepConfirmBody,
        response: { 200: twoStepRecoveryCodesAnswer, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({ message: authTexts.twoStepOn, recoveryCodes: await confirmOwnSetup(auth, memberOf(request), request.body.code) }),
  );

  app.post(
    '/api/settings/security/two-step/disable',
    {
      schema: {
        tags: ['security'],
        operationId: 'disableTwoStep',
        summary: 'Turn two-step sign-in off (your password and a code or recovery code)',
        ...memberOnly,
        body: twoStepDisableBody,
        response: {
          200: messageAnswer,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          423: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await turnOwnTwoStepOff(auth, reply, memberOf(request), request.body.password, request.body.code);
      return { message: authTexts.twoStepOff };
    },
  );
}
