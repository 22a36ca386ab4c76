/**
 * The profile's header card: cover, picture (initials when there is none), names, @username and
 * join date. The owner gets Change cover, Change picture and Edit Profile; others the friend button
 * for their relation, Message (decision 039) and a "…" menu with Block (decision 036).
 */
import { type Profile, profileScreenTexts as texts, type Relation } from '@kora/contracts';
import { Avatar } from '~/components/avatar';
import { ProfileFriendButton } from '~/components/friends/profile-friend-button';
import { MessageButton } from '~/components/message-button';
import { ProfileMemberMenu } from '~/components/safety/profile-member-menu';
import { CalendarIcon, CameraIcon, PenLineIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { joinedLabel } from '~/utils/dates';
import { avatarSrc, mediaUrl } from '~/utils/media';
import { useImageFallback } from '~/utils/use-image-fallback';
import { displayName } from '~/utils/user';
import type { ImageKind } from './types';

export function ProfileHeader({
  profile,
  isOwner,
  relation,
  online,
  onEdit,
  onUpload,
}: {
  profile: Profile;
  isOwner: boolean;
  relation: Relation;
  /** The green online dot on the picture (presence, as the viewer may see it). */
  online?: boolean;
  onEdit: () => void;
  onUpload: (kind: ImageKind) => void;
}) {
  const name = displayName(profile);
  const joined = joinedLabel(profile.createdAt);
  return (
    <Card className="overflow-hidden">
      <Cover src={mediaUrl(profile.coverImage)} />
      <div className="relative px-4 pb-5 sm:px-6">
        {isOwner ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onUpload('cover')}
            className="absolute -top-12 right-3 bg-white/90 shadow hover:bg-white sm:right-4"
          >
            <CameraIcon className="size-4" />
            {texts.changeCover}
          </Button>
        ) : null}
        {/* Only the picture overlaps the cover; names and actions start below it. The actions go to a
            line of their own when the name would be left less than 12rem beside them. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:gap-5">
          <div className="relative -mt-12 w-fit shrink-0 sm:-mt-16">
            <Avatar
              key={profile.profileImage}
              name={name}
              src={avatarSrc(profile.profileImage)}
              alt={texts.profilePicture(name)}
              className="size-24 text-3xl ring-4 ring-white sm:size-32 sm:text-4xl"
              online={online}
            />
            {isOwner ? (
              <button
                type="button"
                onClick={() => onUpload('avatar')}
                aria-label={texts.changePicture}
                title={texts.changePicture}
                className="absolute bottom-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-800 shadow ring-2 ring-white hover:bg-slate-200"
              >
                <CameraIcon className="size-5" />
              </button>
            ) : null}
          </div>
          <div className="min-w-0 flex-1 sm:min-w-48 sm:pt-3">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
            <p className="text-slate-600">@{profile.username}</p>
            {joined ? (
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
                <CalendarIcon className="size-4 shrink-0" />
                {joined}
              </p>
            ) : null}
          </div>
          <div className="flex items-start gap-2 sm:pt-4">
            {isOwner ? (
              <Button variant="secondary" onClick={onEdit} className="w-full sm:w-auto">
                <PenLineIcon className="size-4" />
                {texts.editProfile}
              </Button>
            ) : (
              <>
                <div className="flex-1 sm:flex-none">
                  <ProfileFriendButton key={profile.user_id} relation={relation} name={name} />
                </div>
                <MessageButton userId={profile.user_id} name={name} className="flex-1 sm:flex-none" />
                <ProfileMemberMenu userId={profile.user_id} name={name} />
              </>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

/** The cover photo, or the brand gradient when there is none or it fails to load (also the limited card's). */
export function Cover({ src }: { src: string | null }) {
  const { ref, failed, onError } = useImageFallback(src);
  return (
    <div className="relative h-36 bg-gradient-to-br from-brand-400 via-brand-600 to-brand-900 sm:h-56">
      {src && !failed ? (
        <img ref={ref} src={src} alt={texts.coverPhoto} onError={onError} className="absolute inset-0 size-full object-cover" />
      ) : null}
    </div>
  );
}
