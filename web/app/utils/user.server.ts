/**
 * The signed-in member as the layout displays them (name and avatar). The identity (id, role)
 * comes from the gateway's signed header; the display fields come from the accounts service.
 */
import { z } from 'zod';
import { apiFetch } from './api.server';
import { mediaUrl } from './media';
import { requireIdentity } from './session.server';
import { DEFAULT_AVATAR, type CurrentUser } from './user';

// Accepts both the spec's profile fields and the sign-in record's `user_*` names, since the
// accounts service's exact shape is decided in its own issue.
const remoteUser = z.object({
  username: z.string().optional(),
  user_name: z.string().optional(),
  firstname: z.string().nullish(),
  user_firstname: z.string().nullish(),
  profileImage: z.string().nullish(),
  user_profileImage: z.string().nullish(),
});

/**
 * TEMPORARY (until the accounts issue ships GET /api/users/{id}): when the call fails, the layout
 * still renders with a placeholder member built from the verified id. Remove the fallback then.
 */
function placeholderUser(id: number): CurrentUser {
  return { id, username: `member${id}`, firstname: 'Member', profileImage: DEFAULT_AVATAR };
}

export async function getCurrentUser(request: Request): Promise<CurrentUser> {
  const { userId } = requireIdentity(request);
  try {
    const user = await apiFetch(request, `/api/users/${userId}`, { schema: remoteUser, timeoutMs: 5_000 });
    const username = user.username ?? user.user_name ?? `member${userId}`;
    return {
      id: userId,
      username,
      firstname: user.firstname ?? user.user_firstname ?? username,
      profileImage: mediaUrl(user.profileImage ?? user.user_profileImage) ?? DEFAULT_AVATAR,
    };
  } catch {
    return placeholderUser(userId); // TEMPORARY: see placeholderUser.
  }
}
