/** The Posts section of a profile: the member's posts page by page, or "No posts yet". */
import { postTexts, profileScreenTexts as texts, type PostPage, type Profile } from '@kora/contracts';
import { NewspaperIcon } from 'lucide-react';
import { PostList } from '~/components/posts/post-list';
import { Card, CardHeader, CardTitle } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { useNow } from '~/utils/use-now';
import { displayName } from '~/utils/user';

/** The member's posts, or why they could not be loaded (the profile itself still shows). */
export type ProfilePosts = { state: 'ok'; page: PostPage } | { state: 'error'; message: string };

export function ProfilePostsSection({ profile, posts, serverNow }: { profile: Profile; posts: ProfilePosts; serverNow: number }) {
  const now = useNow(serverNow);
  return (
    <section aria-labelledby="profile-posts" className="space-y-4">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle id="profile-posts">{texts.posts}</CardTitle>
        </CardHeader>
      </Card>
      {posts.state === 'error' ? (
        <LoadError message={posts.message} />
      ) : (
        <PostList
          key={profile.user_id}
          page={posts.page}
          source={{ kind: 'author', authorId: profile.user_id }}
          now={now}
          label={texts.postsBy(displayName(profile))}
          empty={
            <Card>
              <EmptyState icon={NewspaperIcon} title={postTexts.noPosts} />
            </Card>
          }
        />
      )}
    </section>
  );
}
