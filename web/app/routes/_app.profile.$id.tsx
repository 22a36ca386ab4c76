/**
 * /profile/{id} (docs/product/accounts.md; the id is plain or encoded). Signed out → /login (the
 * layout and this loader both require a session); a profile that is not found → /not-found; any
 * other failure → "Unable to load profile". Header with cover and avatar (initials when there is no
 * picture), names, @username and join date; About ("No bio yet"); Posts: the member's posts, newest
 * first, more loading on scroll ("No posts yet" when there are none). The owner gets Edit Profile
 * and the picture/cover upload dialogs; others get the friend button for their relation (Add Friend,
 * Requested, Respond or Friends; components/friends/profile-friend-button.tsx).
 *
 * A profile whose owner keeps it to friends or to themself answers only its card to everyone else
 * (privacy "profile visibility"); the page then shows the card, the friend button and why, and
 * neither About, details nor posts (the member's posts are not even passed to the page). A blocked
 * member's profile, either way, is not found.
 *
 * Every owner action targets the signed-in member's own id (from the gateway's identity), never
 * the id in the URL, so nobody can edit someone else's profile through this page.
 */
import {
  authTexts,
  type LimitedProfile,
  parseProfileParam,
  postTexts,
  type Profile,
  PROFILE_NOT_FOUND_CODES,
  profileScreenTexts,
  type Relation,
} from '@kora/contracts';
import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { EditProfileDialog } from '~/components/profile/edit-profile-dialog';
import { ImageUploadDialog } from '~/components/profile/image-upload-dialog';
import { LimitedProfileCard } from '~/components/profile/limited-profile';
import { ProfileAbout } from '~/components/profile/profile-about';
import { ProfileHeader } from '~/components/profile/profile-header';
import { ProfilePostsSection, type ProfilePosts } from '~/components/profile/profile-posts';
import type { ImageKind, ProfileActionData, ProfileIntent } from '~/components/profile/types';
import { LoadError } from '~/components/ui/load-error';
import { parseProfileEdit } from '~/schemas/account';
import { errorMessage, errorStatus, isApiError, isClientError } from '~/utils/api.server';
import { fetchRelation } from '~/utils/friends.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { requireSession } from '~/utils/session.server';
import { displayName } from '~/utils/user';
import { fetchOnline } from '~/utils/presence.server';
import { fetchProfile, updateProfile, uploadProfileImage } from '~/utils/user.server';
import { titleAndDescription } from '~/utils/page-meta';
import { formText } from '~/utils/form-submission';

/** Bigger images are refused here before they are buffered; the accounts service has its own limit. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

type LoaderData =
  | { state: 'ok'; profile: Profile; isOwner: boolean; relation: Relation; posts: ProfilePosts; now: number; online: boolean }
  | { state: 'limited'; profile: LimitedProfile; relation: Relation }
  | { state: 'error'; message: string };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const site = siteNameFromMatches(matches);
  return titleAndDescription(
    pageTitle(loaded?.state === 'ok' || loaded?.state === 'limited' ? displayName(loaded.profile) : profileScreenTexts.profile, site),
  );
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireSession(request);
  const id = parseProfileParam(params.id ?? '');
  if (id === null) throw redirect('/not-found');
  const isOwner = id === session.identity.userId;
  const postsLoading = loadPosts(request, id, session.token);
  const onlineLoading = isOwner ? Promise.resolve([]) : fetchOnline(request, session.token, [id]);
  const relationLoading: Promise<Relation> = isOwner
    ? Promise.resolve({ userId: id, status: 'self', requestId: null, canRequest: false, reason: null })
    : loadRelation(request, id, session.token);
  // A member the viewer blocked is "not found" to them at once: the friends service owns blocks and
  // says so in the relation, before auth's copy of the block arrives (decision 036).
  if ((await relationLoading).blocked) throw redirect('/not-found');
  try {
    const profile = await fetchProfile(request, id, session.token);
    if (profile.visibility === 'limited') {
      return data<LoaderData>({ state: 'limited', profile, relation: await relationLoading }, { headers: session.headers });
    }
    return data<LoaderData>(
      {
        state: 'ok',
        profile,
        isOwner,
        relation: await relationLoading,
        posts: await postsLoading,
        now: Date.now(),
        online: (await onlineLoading).includes(id),
      },
      { headers: session.headers },
    );
  } catch (error) {
    if (isApiError(error) && PROFILE_NOT_FOUND_CODES.includes(error.code)) throw redirect('/not-found');
    return data<LoaderData>({ state: 'error', message: profileScreenTexts.loadFailed }, { status: errorStatus(error) });
  }
}

/** Loaded alongside the profile (the id is already known); never throws. */
async function loadPosts(request: Request, authorId: number, token: string | null): Promise<ProfilePosts> {
  try {
    return { state: 'ok', page: await fetchPostList(request, { source: { kind: 'author', authorId } }, token) };
  } catch (error) {
    return { state: 'error', message: errorMessage(error, postTexts.requestFailed) };
  }
}

/**
 * Loaded alongside the profile; never throws. When the friends service cannot say, the button
 * offers Add Friend, and the service's answer to that tells the member what went wrong.
 */
async function loadRelation(request: Request, userId: number, token: string | null): Promise<Relation> {
  try {
    return await fetchRelation(request, userId, token);
  } catch {
    return { userId, status: 'none', requestId: null, canRequest: true, reason: null };
  }
}

async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return request.formData();
  return unstable_parseMultipartFormData(
    request,
    unstable_createMemoryUploadHandler({
      maxPartSize: MAX_IMAGE_BYTES,
      // Text fields, and the one file field; any other file is dropped unread.
      filter: ({ filename, name }) => filename === undefined || name === 'image',
    }),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const reply = (answer: ProfileActionData, status = 200) => data<ProfileActionData>(answer, { status, headers });

  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return reply({ intent: 'avatar', ok: false, error: profileScreenTexts.imageTooLarge }, 413);
    }
    throw error;
  }
  const intent = formText(form, 'intent') as ProfileIntent;

  if (intent === 'update-profile') {
    const parsed = parseProfileEdit(form);
    if (!parsed.ok) return reply({ intent, ok: false, error: parsed.error }, 400);
    try {
      await updateProfile(request, identity.userId, parsed.data, token);
      return reply({ intent, ok: true });
    } catch (error) {
      return reply(
        { intent, ok: false, error: isClientError(error) ? error.message : profileScreenTexts.updateFailed },
        errorStatus(error),
      );
    }
  }

  if (intent === 'avatar' || intent === 'cover') {
    const file = form.get('image');
    if (!(file instanceof File) || file.size === 0) return reply({ intent, ok: false, error: authTexts.imageRequired }, 400);
    try {
      await uploadProfileImage(request, identity.userId, intent, file, token);
    } catch (error) {
      return reply(
        { intent, ok: false, error: isClientError(error) ? error.message : profileScreenTexts.uploadFailed },
        errorStatus(error),
      );
    }
    throw redirect(`/profile/${encodeURIComponent(params.id ?? String(identity.userId))}`, { headers });
  }

  return reply({ intent, ok: false, error: profileScreenTexts.unknownAction }, 400);
}

export const shouldRevalidate = shouldRevalidatePage;

export default function ProfilePage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  if (loaded.state === 'limited') return <LimitedProfileCard profile={loaded.profile} relation={loaded.relation} />;
  return (
    <ProfileView
      profile={loaded.profile}
      isOwner={loaded.isOwner}
      relation={loaded.relation}
      posts={loaded.posts}
      serverNow={loaded.now}
      online={loaded.online}
    />
  );
}

function ProfileView({
  profile,
  isOwner,
  relation,
  posts,
  serverNow,
  online,
}: {
  profile: Profile;
  isOwner: boolean;
  relation: Relation;
  posts: ProfilePosts;
  serverNow: number;
  online: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<ImageKind | null>(null);

  return (
    <div className="space-y-4">
      <ProfileHeader
        profile={profile}
        isOwner={isOwner}
        relation={relation}
        online={online}
        onEdit={() => setEditing(true)}
        onUpload={setUploading}
      />
      <ProfileAbout bio={profile.bio} details={profile.details} />

      <ProfilePostsSection profile={profile} posts={posts} serverNow={serverNow} />

      {isOwner ? (
        <>
          <EditProfileDialog profile={profile} open={editing} onOpenChange={setEditing} />
          <ImageUploadDialog kind="avatar" open={uploading === 'avatar'} onOpenChange={(open) => setUploading(open ? 'avatar' : null)} />
          <ImageUploadDialog kind="cover" open={uploading === 'cover'} onOpenChange={(open) => setUploading(open ? 'cover' : null)} />
        </>
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
