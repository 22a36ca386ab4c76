/** What the profile route's action answers (see routes/_app.profile.$id.tsx). */
export type ProfileIntent = 'update-profile' | 'avatar' | 'cover';

export type ProfileActionData = { intent: ProfileIntent; ok: true } | { intent: ProfileIntent; ok: false; error: string };

export type ImageKind = 'avatar' | 'cover';
