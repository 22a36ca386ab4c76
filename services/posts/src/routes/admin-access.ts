/**
 * Admin-only route groups (decision 024): one hook refuses anonymous callers (401) and members
 * (403) before the request is read, so neither learns anything from validation answers, as
 * `memberRoutes` does for members. Handlers take the admin with `requireAdmin(request)`.
 */
import { requireAdmin, type ServiceApp } from '@kora/platform/service';

export async function adminRoutes(app: ServiceApp, register: (admins: ServiceApp) => void | Promise<void>): Promise<void> {
  await app.register(async (admins) => {
    admins.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    await register(admins);
  });
}

/** The OpenAPI tag and security of the back office's routes. */
export const adminOnly = { tags: ['admin'], security: [{ bearerAuth: [] }] };
