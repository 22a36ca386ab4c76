import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { CrownIcon, HashIcon, ShareIcon, UserPlusIcon } from '~/components/icons';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { PRO_PAGES, PRO_USERS, SUGGESTED_FRIENDS, TRENDING_TAGS, type ProEntry } from '~/data/sample-panel';
import { cn, formatCount } from '~/utils/misc';

function ProStrip({ title, entries, square }: { title: string; entries: ProEntry[]; square?: boolean }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{title}</h3>
      {/* People overlap like a crowd; pages stay apart so each logo reads on its own. */}
      <ul className={cn('flex', square ? 'gap-2' : '-space-x-2')}>
        {entries.map((entry) => (
          <li key={entry.name} title={entry.name}>
            <Avatar
              name={entry.name}
              src={entry.avatar}
              square={square}
              className="size-10 ring-2 ring-white"
            />
            <span className="sr-only">{entry.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProCard() {
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-brand-600 to-brand-800 px-4 py-3 text-white">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <CrownIcon className="size-4 text-amber-300" />
          Go Pro
        </p>
        <p className="mt-0.5 text-xs text-brand-50/90">Get featured, verified and boosted.</p>
      </div>
      <CardBody className="space-y-4">
        <ProStrip title="Pro Users" entries={PRO_USERS} />
        <ProStrip title="Pro Pages" entries={PRO_PAGES} square />
        <Link to="/packages" className={buttonClasses('primary', 'md', 'w-full')}>
          Upgrade
        </Link>
      </CardBody>
    </Card>
  );
}

function TrendingCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trending</CardTitle>
      </CardHeader>
      <CardBody className="pt-2">
        <ol className="space-y-1">
          {TRENDING_TAGS.map(({ tag, count }) => (
            <li key={tag} className="flex items-center gap-3 rounded-lg px-1 py-1.5">
              <span className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <HashIcon className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">#{tag}</span>
                <span className="block text-xs text-slate-500">{formatCount(count)} posts</span>
              </span>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}

function SharesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shares</CardTitle>
      </CardHeader>
      <CardBody className="flex items-center gap-3 pt-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <ShareIcon />
        </span>
        <p className="text-sm text-slate-600">Posts shared by your friends will appear here soon.</p>
      </CardBody>
    </Card>
  );
}

function SuggestedFriendsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Suggested Friends</CardTitle>
        <Link to="/friends" className="rounded text-sm font-semibold text-brand-700 hover:underline">
          See All
        </Link>
      </CardHeader>
      <CardBody className="pt-2">
        <ul className="space-y-1">
          {SUGGESTED_FRIENDS.map((friend) => (
            <li key={friend.id} className="flex items-center gap-3 py-1.5">
              <Avatar name={friend.name} src={friend.avatar} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">{friend.name}</span>
                <span className="block text-xs text-slate-500">{friend.mutual} mutual friends</span>
              </span>
              {/* Sample people cannot receive requests; the button leads to the real suggestions. */}
              <Link
                to="/friends"
                aria-label={`Add ${friend.name} as a friend`}
                title="Add friend"
                className="inline-flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700 hover:bg-brand-100"
              >
                <UserPlusIcon className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

/** Wide-screen right panel (member-side §2 "Right panel"): sample data only, no server call. */
export function RightPanel({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Highlights"
      className={cn('sticky top-14 h-[calc(100vh-3.5rem)] w-[320px] shrink-0 space-y-4 overflow-y-auto px-3 py-4', className)}
    >
      <ProCard />
      <TrendingCard />
      <SharesCard />
      <SuggestedFriendsCard />
    </aside>
  );
}
