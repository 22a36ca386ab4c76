/**
 * POST /api/settings/unsubscribe: the daily digest's unsubscribe link, honoured without signing in
 * (anyone holding the link may use it: the token is an HMAC over the member and the purpose, made
 * with INTERNAL_SECRET by the service that sends the digest). Turns emailDigest off and announces
 * the notification settings like a save from the Settings page.
 *
 * The token is read from the body (JSON or form-encoded) or the query string: a mail client's
 * RFC 8058 one-click unsubscribe POSTs `List-Unsubscribe=One-Click` form-encoded to the link, so
 * the token arrives in the URL. A GET changes nothing (link scanners follow every link).
 */
import { settingsTexts, unsubscribeAnswer, unsubscribeBody, unsubscribeQuery } from '@kora/contracts';
import { errors, verifyLinkToken, type ServiceApp } from '@kora/platform/service';
import type { Settings } from '../context.js';
import { unsubscribeInvalid } from '../errors.js';
import { saveTab } from '../tabs/store.js';

export async function unsubscribeRoutes(app: ServiceApp, settings: Settings): Promise<void> {
  // Form bodies only on this route (its own encapsulated scope): the rest of the API takes JSON.
  await app.register(async (scope: ServiceApp) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // A one-click POST may come with no body at all: the token is then in the query string.
    scope.addHook('preValidation', async (request) => {
      request.body ??= {};
    });
    scope.post(
      '/api/settings/unsubscribe',
      {
        schema: {
          operationId: 'unsubscribeFromDigest',
          summary: 'Stop the daily e-mail digest with the link from a digest (no sign-in)',
          description:
            'The token comes in the JSON or form-encoded body, or as `?token=` (RFC 8058 one-click: `List-Unsubscribe=One-Click` in a form body).',
          querystring: unsubscribeQuery,
          body: unsubscribeBody,
          response: { 200: unsubscribeAnswer, 400: errors[400] },
        },
      },
      async (request) => {
        const token = request.body.token ?? request.query.token ?? '';
        const userId = verifyLinkToken(settings.ctx.env.INTERNAL_SECRET, 'unsubscribe-digest', token);
        if (userId === null) throw unsubscribeInvalid();
        await saveTab(settings, userId, 'notifications', { emailDigest: false });
        return { message: settingsTexts.unsubscribed };
      },
    );
  });
}
