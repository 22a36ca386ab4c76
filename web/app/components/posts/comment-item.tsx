/** One comment: the commenter (linking to their profile), the text, when; Report on others' comments. */
import type { PostComment } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { LinkifiedText } from '~/components/linkified-text';
import { RelativeTime } from '~/components/ui/relative-time';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';
import { useCurrentUser } from '~/utils/use-current-user';
import { CommentMenu } from './comment-menu';

export function CommentItem({ comment, now }: { comment: PostComment; now: number }) {
  const profile = `/profile/${comment.userId}`;
  const user = useCurrentUser();
  const canReport = user !== null && user.id !== comment.userId;
  return (
    <li className="flex gap-2">
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar name={comment.name} src={avatarSrc(comment.profileImage)} className="size-8" />
      </Link>
      <div className="min-w-0">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <MemberName
            name={comment.name}
            username={comment.username}
            withHandle
            to={profile}
            verified={comment.verified}
            className="text-sm"
          />
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
            <LinkifiedText text={comment.content} memberContent mentions={comment.mentions} />
          </p>
        </div>
        <RelativeTime value={comment.createdAt} now={now} className="ml-3 text-xs text-slate-500" />
      </div>
      {canReport ? <CommentMenu commentId={comment.id} author={comment.name} authorId={comment.userId} /> : null}
    </li>
  );
}
