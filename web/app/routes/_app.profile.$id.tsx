/**
 * /profile/{id} (member-side §2 "Profile"; the id is plain or encoded). Signed out → /login (the
 * layout and this loader both require a session); a profile that is not found → /not-found; any
 * other failure → "Unable to load profile". Header with cover and avatar (initials when there is no
 * picture), names, @username and join date; About ("No bio yet"); Posts: the member's posts, newest
 * first, more loading on scroll ("No posts yet" when there are none). The owner gets Edit Profile
 * and the picture/cover upload dialogs; others get the friend button for their relation (Add Friend,
 * Requested, Respond or Friends; components/friends/profile-friend-button.tsx).
 *
 * Every owner action targets the signed-in member's own id (from the gateway's identity), never
 * the id in the URL, so nobody can edit someone else's profile through this page.
 */
import { authTexts, avatarAnswer, parseProfileParam, postTexts, PROFILE_NOT_FOUND_CODES, type Profile, type Relation } from '@kora/contracts';
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
import { Avatar } from '~/components/avatar';
import { ProfileFriendButton } from '~/components/friends/profile-friend-button';
import { CalendarIcon, CameraIcon, PenIcon } from '~/components/icons';
import { EditProfileDialog } from '~/components/profile/edit-profile-dialog';
import { ImageUploadDialog } from '~/components/profile/image-upload-dialog';
import { ProfilePostsSection, type ProfilePosts } from '~/components/profile/profile-posts';
import type { ImageKind, ProfileActionData, ProfileIntent } from '~/components/profile/types';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadError } from '~/components/ui/load-error';
import { parseProfileEdit } from '~/schemas/account';
import { apiFetch, errorMessage, errorStatus, isApiError, isClientError } from '~/utils/api.server';
import { joinedLabel } from '~/utils/dates';
import { fetchRelation } from '~/utils/friends.server';
import { avatarSrc, mediaUrl } from '~/utils/media';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { requireSession } from '~/utils/session.server';
import { useImageFallback } from '~/utils/use-image-fallback';
import { displayName } from '~/utils/user';
import { fetchProfile } from '~/utils/user.server';

const UNABLE = 'Unable to load profile';
/** Bigger images are refused here before they are buffered; the accounts service has its own limit. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

type LoaderData =
  | { state: 'ok'; profile: Profile; isOwner: boolean; relation: Relation; posts: ProfilePosts; now: number }
  | { state: 'error'; message: string };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const site = siteNameFromMatches(matches);
  return [{ title: pageTitle(loaded?.state === 'ok' ? displayName(loaded.profile) : 'Profile', site) }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireSession(request);
  const id = parseProfileParam(params.id ?? '');
  if (id === null) throw redirect('/not-found');
  const isOwner = id === session.identity.userId;
  const postsLoading = loadPosts(request, id, session.token);
  const relationLoading: Promise<Relation> = isOwner
    ? Promise.resolve({ userId: id, status: 'self', requestId: null })
    : loadRelation(request, id, session.token);
  try {
    const profile = await fetchProfile(request, id, session.token);
    return data<LoaderData>(
      {
        state: 'ok',
        profile,
        isOwner,
        relation: await relationLoading,
        posts: await postsLoading,
        now: Date.now(),
      },
      { headers: session.headers },
    );
  } catch (error) {
    if (isApiError(error) && PROFILE_NOT_FOUND_CODES.includes(error.code)) throw redirect('/not-found');
    return data<LoaderData>({ state: 'error', message: UNABLE }, { status: errorStatus(error) });
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
    return { userId, status: 'none', requestId: null };
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
      return reply({ intent: 'avatar', ok: false, error: 'The image must be at most 20 MB' }, 413);
    }
    throw error;
  }
  const intent = String(form.get('intent') ?? '') as ProfileIntent;

  if (intent === 'update-profile') {
    const parsed = parseProfileEdit(form);
    if (!parsed.ok) return reply({ intent, ok: false, error: parsed.error }, 400);
    try {
      await apiFetch(request, `/api/users/${identity.userId}`, { method: 'PUT', json: parsed.data, token });
      return reply({ intent, ok: true });
    } catch (error) {
      return reply({ intent, ok: false, error: isClientError(error) ? error.message : 'Failed to update profile' }, errorStatus(error));
    }
  }

  if (intent === 'avatar' || intent === 'cover') {
    const file = form.get('image');
    if (!(file instanceof File) || file.size === 0) return reply({ intent, ok: false, error: authTexts.imageRequired }, 400);
    const body = new FormData();
    body.append('avatar', file, file.name || 'image');
    try {
      await apiFetch(request, `/api/users/${identity.userId}/${intent}`, {
        method: 'PUT',
        body,
        token,
        schema: avatarAnswer,
        timeoutMs: 60_000,
      });
    } catch (error) {
      return reply({ intent, ok: false, error: isClientError(error) ? error.message : 'Upload failed' }, errorStatus(error));
    }
    throw redirect(`/profile/${encodeURIComponent(params.id ?? String(identity.userId))}`, { headers });
  }

  return reply({ intent, ok: false, error: 'Unknown action' }, 400);
}

export const shouldRevalidate = shouldRevalidatePage;

export default function ProfilePage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  return <ProfileView profile={loaded.profile} isOwner={loaded.isOwner} relation={loaded.relation} posts={loaded.posts} serverNow={loaded.now} />;
}

function ProfileView({
  profile,
  isOwner,
  relation,
  posts,
  serverNow,
}: {
  profile: Profile;
  isOwner: boolean;
  relation: Relation;
  posts: ProfilePosts;
  serverNow: number;
}) {
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<ImageKind | null>(null);
  const name = displayName(profile);
  const joined = joinedLabel(profile.createdAt);

  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <Cover src={mediaUrl(profile.coverImage)} />
        <div className="relative px-4 pb-5 sm:px-6">
          {isOwner ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setUploading('cover')}
              className="absolute -top-12 right-3 bg-white/90 shadow hover:bg-white sm:right-4"
            >
              <CameraIcon className="size-4" />
              Change cover
            </Button>
          ) : null}
          {/* Only the picture overlaps the cover; names and actions start below it. */}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
            <div className="relative -mt-12 w-fit shrink-0 sm:-mt-16">
              <Avatar
                key={profile.profileImage}
                name={profile.username}
                src={avatarSrc(profile.profileImage)}
                alt={`${profile.username}'s profile picture`}
                className="size-24 text-3xl ring-4 ring-white sm:size-32 sm:text-4xl"
              />
              {isOwner ? (
                <button
                  type="button"
                  onClick={() => setUploading('avatar')}
                  aria-label="Change picture"
                  title="Change picture"
                  className="absolute bottom-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-800 shadow ring-2 ring-white hover:bg-slate-200"
                >
                  <CameraIcon className="size-5" />
                </button>
              ) : null}
            </div>
            <div className="min-w-0 flex-1 sm:pt-3">
              <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
              <p className="text-slate-600">@{profile.username}</p>
              {joined ? (
                <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
                  <CalendarIcon className="size-4" />
                  {joined}
                </p>
              ) : null}
            </div>
            <div className="sm:pt-4">
              {isOwner ? (
                <Button variant="secondary" onClick={() => setEditing(true)} className="w-full sm:w-auto">
                  <PenIcon className="size-4" />
                  Edit Profile
                </Button>
              ) : (
                <ProfileFriendButton key={profile.user_id} relation={relation} name={profile.username} />
              )}
            </div>
          </div>
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>About</CardTitle>
        </CardHeader>
        <CardBody className="pt-2">
          {profile.bio ? (
            <p className="whitespace-pre-line break-words text-slate-800">{profile.bio}</p>
          ) : (
            <p className="text-slate-500">No bio yet</p>
          )}
        </CardBody>
      </Card>

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

/** The cover photo, or the brand gradient when there is none or it fails to load. */
function Cover({ src }: { src: string | null }) {
  const { ref, failed, onError } = useImageFallback(src);
  return (
    <div className="relative h-36 bg-gradient-to-br from-brand-400 via-brand-600 to-brand-900 sm:h-56">
      {src && !failed ? (
        <img ref={ref} src={src} alt="Cover photo" onError={onError} className="absolute inset-0 size-full object-cover" />
      ) : null}
    </div>
  );
}
