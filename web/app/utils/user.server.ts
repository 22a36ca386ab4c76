/**
 * Profiles from the accounts service (`GET /api/users/{id}`, plain or encoded id) and the member
 * as the layout displays them.
 */
import { encodeProfileId, profileSchema, type Profile } from '@kora/contracts';
import type { Identity } from '@kora/platform/identity';
import { apiFetch } from './api.server';
import { avatarSrc } from './media';
import type { CurrentUser } from './user';

export function fetchProfile(request: Request, id: number | string, token?: string | null): Promise<Profile> {
  return apiFetch(request, `/api/users/${encodeURIComponent(String(id))}`, {
    schema: profileSchema,
    timeoutMs: 5_000,
    ...(token === undefined ? {} : { token }),
  });
}

export function toCurrentUser(profile: Profile, identity: Identity): CurrentUser {
  return {
    id: identity.userId,
    role: identity.role,
    username: profile.username,
    firstname: profile.firstname,
    lastname: profile.lastname,
    profileImage: avatarSrc(profile.profileImage),
    // Encoded here: the hashids code then never has to reach the browser.
    profilePath: `/profile/${encodeProfileId(identity.userId)}`,
  };
}
