/**
 * A profile closed to the viewer (privacy "profile visibility"): the card the accounts service
 * answers (names and picture) on the plain cover, the friend button (becoming friends may open a
 * friends-only profile) with a "…" menu to Block (decision 036), and one line saying why nothing
 * else shows. No About, posts or details.
 */
import { type LimitedProfile, privacyTexts, profileScreenTexts, type Relation } from '@kora/contracts';
import { Avatar } from '~/components/avatar';
import { ProfileFriendButton } from '~/components/friends/profile-friend-button';
import { MemberMenu } from '~/components/safety/member-menu';
import { ShieldIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';
import { avatarSrc } from '~/utils/media';
import { displayName } from '~/utils/user';
import { Cover } from './profile-header';

export function LimitedProfileCard({ profile, relation }: { profile: LimitedProfile; relation: Relation }) {
  const name = displayName(profile);
  return (
    <Card className="overflow-hidden">
      <Cover src={null} />
      <div className="px-4 pb-5 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
          {/* Positioned, so the picture paints over the cover it overlaps (as in the full header). */}
          <div className="relative -mt-12 w-fit shrink-0 sm:-mt-16">
            <Avatar
              name={name}
              src={avatarSrc(profile.profileImage)}
              alt={profileScreenTexts.profilePicture(name)}
              className="size-24 text-3xl ring-4 ring-white sm:size-32 sm:text-4xl"
            />
          </div>
          <div className="min-w-0 flex-1 sm:pt-3">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
            <p className="text-slate-600">@{profile.username}</p>
          </div>
          <div className="flex items-start gap-2 sm:pt-4">
            <div className="flex-1 sm:flex-none">
              <ProfileFriendButton key={profile.user_id} relation={relation} name={name} />
            </div>
            {profile.limitedBy !== 'sign_in' ? (
              <MemberMenu target={{ userId: profile.user_id, name }} className="border border-slate-200" />
            ) : null}
          </div>
        </div>
        <p role="status" className="mt-5 flex items-center gap-2 rounded-lg bg-slate-50 px-4 py-3 text-slate-700">
          <ShieldIcon className="size-5 shrink-0 text-slate-500" />
          {privacyTexts.profileLimited(profile.limitedBy, name)}
        </p>
      </div>
    </Card>
  );
}
