/**
 * A scope for POSTs that take no body (a group join, a story's view mark, a package purchase).
 * Clients send them bare, or with `Content-Type: application/json` and nothing after it (fetch
 * wrappers do), which Fastify's JSON parser refuses as an empty body. These routes read no body, so
 * this scope's parser accepts any JSON-typed body and passes nothing on; the rest of the API keeps
 * the strict parser.
 */
import type { ServiceApp } from '../service.js';

export async function bodilessRoutes(app: ServiceApp, register: (scope: ServiceApp) => void): Promise<void> {
  await app.register(async (scope: ServiceApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    register(scope);
  });
}
