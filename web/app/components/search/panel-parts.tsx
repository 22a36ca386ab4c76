/**
 * The right panel's cards (decision 025), each drawn from real data and left out when it has
 * nothing to show: Go Pro with the Pro members, Trending, Shares, Suggested Friends.
 */
import {
  friendScreenTexts,
  type FriendShare,
  type HashtagCount,
  hashtagPath,
  type MemberCard,
  searchScreenTexts as texts,
  searchTexts,
  type Suggestion,
} from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { useSentRequests } from '~/components/friends/use-friend-action';
import { CheckIcon, CrownIcon, HashIcon, UserPlusIcon, XIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { RelativeTime } from '~/components/ui/relative-time';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';
import { hashtagPostCount } from './hashtag-count';

/** How much of a shared post's text the panel shows. */
const EXCERPT_LENGTH = 90;

export function ProCard({ members }: { members: MemberCard[] }) {
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-brand-600 to-brand-800 px-4 py-3 text-white">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <CrownIcon className="size-4 text-amber-300" />
          {texts.goPro}
        </p>
        <p className="mt-0.5 text-xs text-brand-50/90">{texts.proPitch}</p>
      </div>
      <CardBody className="space-y-4">
        {members.length > 0 ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">{searchTexts.proUsersTitle}</h3>
            {/* People overlap like a crowd; each picture is a link to that member. */}
            <ul aria-label={searchTexts.proUsersTitle} className="flex flex-wrap -space-x-2">
              {members.map((member) => (
                <li key={member.id}>
                  <Link
                    to={`/profile/${member.id}`}
                    title={member.name}
                    className="block rounded-full focus-visible:relative focus-visible:z-10"
                  >
                    <Avatar name={member.name} src={avatarSrc(member.profileImage)} className="size-10 ring-2 ring-white" />
                    <span className="sr-only">{member.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Link to="/packages" className={buttonClasses('primary', 'md', 'w-full')}>
          {texts.upgrade}
        </Link>
      </CardBody>
    </Card>
  );
}

export function TrendingCard({ tags }: { tags: HashtagCount[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{searchTexts.trendingTitle}</CardTitle>
      </CardHeader>
      <CardBody className="pt-2">
        <ol aria-label={searchTexts.trendingTitle} className="space-y-1">
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link to={hashtagPath(tag)} className="group flex items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-slate-50">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <HashIcon className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-slate-900 group-hover:underline">#{tag}</span>
                  <span className="block text-xs text-slate-500">{hashtagPostCount(count)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}

function excerpt(share: FriendShare): string {
  const text = share.post.content.trim().replace(/\s+/g, ' ');
  if (!text) return share.post.videos.length > 0 ? texts.aVideo : share.post.images.length > 0 ? texts.aPhoto : texts.aPost;
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

export function SharesCard({ shares, now }: { shares: FriendShare[]; now: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{searchTexts.sharesTitle}</CardTitle>
      </CardHeader>
      <CardBody className="pt-2">
        <ul aria-label={searchTexts.sharesTitle} className="space-y-1">
          {shares.map((share) => (
            <li key={`${share.sharedBy.id}-${share.post.id}`}>
              <Link to={`/posts/${share.post.id}`} className="group flex gap-3 rounded-lg px-1 py-1.5 hover:bg-slate-50">
                <Avatar name={share.sharedBy.name} src={avatarSrc(share.sharedBy.profileImage)} className="size-9 shrink-0" />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="flex flex-wrap items-baseline gap-x-1 text-slate-600">
                    <MemberName name={share.sharedBy.name} username={share.sharedBy.username} verified={share.sharedBy.verified} />
                    {texts.shared}
                    <RelativeTime value={share.sharedAt} now={now} className="text-xs text-slate-500" />
                  </span>
                  <span className="line-clamp-2 break-words text-slate-700 group-hover:underline">{excerpt(share)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

export function SuggestedFriendsCard({ people }: { people: Suggestion[] }) {
  const { actions, requests } = useSentRequests();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{searchTexts.suggestedTitle}</CardTitle>
        <Link to="/friends" className="rounded text-sm font-semibold text-brand-700 hover:underline">
          {texts.seeAll}
        </Link>
      </CardHeader>
      <CardBody className="pt-2">
        <ul aria-label={searchTexts.suggestedTitle} className="space-y-1">
          {people.map((person) => {
            const fields = { intent: 'send', userId: person.id } as const;
            const sentId = requests.get(person.id);
            return (
              <li key={person.id} className="flex items-center gap-3 py-1.5">
                <Link to={`/profile/${person.id}`} className="group flex min-w-0 flex-1 items-center gap-3">
                  <Avatar name={person.name} src={avatarSrc(person.profileImage)} />
                  <span className="min-w-0 flex-1">
                    <MemberName
                      name={person.name}
                      username={person.user_name}
                      verified={person.verified}
                      className="text-sm"
                      nameClassName="group-hover:underline"
                    />
                    {person.mutualCount > 0 ? (
                      <span className="block text-xs text-slate-500">{friendScreenTexts.mutualFriends(person.mutualCount)}</span>
                    ) : null}
                  </span>
                </Link>
                {typeof sentId === 'number' ? (
                  <span className="flex items-center gap-1">
                    <span
                      role="img"
                      aria-label={texts.requestSentTo(person.name)}
                      title={texts.requested}
                      className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
                    >
                      <CheckIcon className="size-4" />
                    </span>
                    <form
                      onSubmit={(event) => {
                        event.preventDefault();
                        actions.submit({ intent: 'cancel', requestId: sentId, userId: person.id });
                      }}
                    >
                      <button
                        type="submit"
                        disabled={actions.busy}
                        aria-label={texts.cancelRequestTo(person.name)}
                        title={texts.cancelRequest}
                        className="inline-flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-slate-200 disabled:opacity-60"
                      >
                        <XIcon className="size-4" />
                      </button>
                    </form>
                  </span>
                ) : (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      actions.submit(fields);
                    }}
                  >
                    <button
                      type="submit"
                      disabled={actions.busy}
                      aria-label={texts.addAsFriend(person.name)}
                      title={texts.addFriend}
                      className="inline-flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700 hover:bg-brand-100 disabled:opacity-60"
                    >
                      <UserPlusIcon className="size-4" />
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
