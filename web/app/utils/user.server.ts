/**
 * Profiles from the accounts service (`GET /api/users/{id}`, plain or encoded id), the member as
 * the layout displays them, and the owner's edits (names and bio, picture, cover).
 */
import { avatarAnswer, encodeProfileId, profileViewSchema, type Profile, type ProfileView } from '@kora/contracts';
import type { Identity } from '@kora/platform/identity';
import type { ImageKind } from '~/components/profile/types';
import type { ProfileEdit } from '~/schemas/account';
import { apiFetch } from './api.server';
import { avatarSrc } from './media';
import type { CurrentUser } from './user';

/** The full profile, or its card when the member's profile visibility keeps the caller out. */
export function fetchProfile(request: Request, id: number | string, token?: string | null): Promise<ProfileView> {
  return apiFetch(request, `/api/users/${encodeURIComponent(String(id))}`, {
    schema: profileViewSchema,
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

/** The signed-in member's own names and bio (`PUT /api/users/{id}`). */
export function updateProfile(request: Request, userId: number, body: ProfileEdit, token: string | null) {
  return apiFetch(request, `/api/users/${userId}`, { method: 'PUT', json: body, token });
}

/** A new profile picture or cover, sent as the form field `avatar` the accounts service reads. */
export function uploadProfileImage(request: Request, userId: number, kind: ImageKind, file: File, token: string | null) {
  const body = new FormData();
  body.append('avatar', file, file.name || 'image');
  return apiFetch(request, `/api/users/${userId}/${kind}`, {
    method: 'PUT',
    body,
    token,
    schema: avatarAnswer,
    timeoutMs: 60_000,
  });
}
