/**
 * A group's Posts tab: the composer for its approved members (posts go into the group), then the
 * group's posts with the usual cards and Load more. Outsiders of a private group see a lock panel
 * with the Join button instead; a member whose request waits is told so.
 */
import { type GroupDetail, groupScreenTexts as texts, groupTexts, type PostPage } from '@kora/contracts';
import { ClockIcon, LockIcon, NewspaperIcon } from 'lucide-react';
import { Composer } from '~/components/posts/composer';
import { PostList } from '~/components/posts/post-list';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { useCurrentUser } from '~/utils/use-current-user';
import { isReviewer, membershipOf } from './membership';
import { MembershipButton } from './membership-button';

export type GroupPosts = { state: 'ok'; page: PostPage } | { state: 'locked' } | { state: 'error'; message: string };

export function GroupPostsTab({ group, posts, now }: { group: GroupDetail; posts: GroupPosts; now: number }) {
  const user = useCurrentUser();
  const membership = membershipOf(group, group.role);
  const member = membership === 'joined' || membership === 'owner';

  if (posts.state === 'locked') {
    const pending = membership === 'pending';
    return (
      <Card className="px-6 py-10 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          {pending ? <ClockIcon className="size-7" /> : <LockIcon className="size-7" />}
        </span>
        <p className="mt-4 text-lg font-semibold text-slate-900">{pending ? texts.waitingForApproval : groupTexts.membersOnlyPosts}</p>
        {/* Kept after joining (as Pending approval): its answer's toast must not leave with it. */}
        <div className="mt-4 flex justify-center">
          <MembershipButton group={group} role={group.role} className="min-w-36" />
        </div>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {membership === 'pending' ? (
        <Card className="flex items-center gap-3 p-4 text-sm text-slate-700">
          <ClockIcon className="size-5 text-slate-500" />
          {texts.waitingForApproval}
        </Card>
      ) : null}
      {member && user ? <Composer user={user} groupId={group.group_id} /> : null}
      {posts.state === 'error' ? (
        <Card className="p-4 text-sm text-red-700">{posts.message}</Card>
      ) : (
        <PostList
          page={posts.page}
          source={{ kind: 'group', groupId: group.group_id }}
          now={now}
          label={texts.postsIn(group.group_title)}
          moderator={isReviewer(group.role)}
          empty={
            <Card>
              <EmptyState icon={NewspaperIcon} title={texts.noPosts} />
            </Card>
          }
        />
      )}
    </div>
  );
}
