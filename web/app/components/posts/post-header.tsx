/**
 * The top of a post card: the author (linking to their profile), the group it was posted in ("in
 * {title}", linking to the group), the verified badge of an author with a Pro package, when it was
 * posted, "Sponsored" on a boosted post shown outside the author's friends (decision 023), the menu.
 */
import { perkTexts, postScreenTexts, type Post } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { RelativeTime } from '~/components/ui/relative-time';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';
import type { ReactNode } from 'react';

export function PostHeader({ post, now, menu }: { post: Post; now: number; menu: ReactNode }) {
  const profile = `/profile/${post.author.id}`;
  return (
    <div className="flex items-start gap-3 px-4 pt-4">
      {/* The name next to it is the link screen readers and keyboards use. */}
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar name={post.author.name} src={avatarSrc(post.author.profileImage)} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="break-words text-slate-600">
          <MemberName
            name={post.author.name}
            username={post.author.username}
            withHandle
            to={profile}
            verified={post.author.verified}
            className="align-bottom"
            nameClassName="min-h-6 leading-6"
          />
          {post.group ? (
            <>
              {` ${postScreenTexts.inGroup} `}
              <Link to={`/groups/${post.group.id}`} className="font-semibold text-slate-900 hover:underline">
                {post.group.title}
              </Link>
            </>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">
          {/* A 24 px target (WCAG 2.2 target size) that grows downwards, clear of the name's link above. */}
          <Link to={`/posts/${post.id}`} className="-mb-2 inline-block pb-2 hover:underline">
            <RelativeTime value={post.createdAt} now={now} />
          </Link>
          {post.sponsored ? <span data-sponsored=""> · {perkTexts.sponsored}</span> : null}
        </p>
      </div>
      {menu}
    </div>
  );
}
