/**
 * A post's photos and videos (docs/product/posts-and-feed.md): one photo up to 500px high, several
 * in two columns 250px high; videos up to 500px high. Photos come in the size the screen needs and
 * videos load near the screen only (decision 044: components/media). A video still being transcoded
 * shows a notice instead of a player (its file does not exist yet), a failed one says so.
 */
import { postScreenTexts as texts, type PhotoDetails, type Post, type PostVideo } from '@kora/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { LazyVideo } from '~/components/media/lazy-video';
import { Photo } from '~/components/media/photo';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/utils/misc';

/** How wide a post's photos are shown: the feed column (at most 680px, 12px margins on phones), or half of it. */
const ONE_PHOTO_SIZES = '(max-width: 704px) calc(100vw - 24px), 680px';
const GRID_PHOTO_SIZES = '(max-width: 704px) calc(50vw - 14px), 338px';

/** `priority`: the post is on the first screen, so its photos load at once. */
export function PostMedia({ post, priority = false }: { post: Post; priority?: boolean }) {
  if (post.images.length === 0 && post.videos.length === 0) return null;
  return (
    <div className="mt-3 space-y-1">
      <PostImages urls={post.images} details={post.imageDetails ?? []} author={post.author.name} priority={priority} />
      {post.videos.map((url, index) => (
        <PostVideoView key={url} video={videoDetails(post, url)} label={texts.videoBy(index + 1, post.author.name)} />
      ))}
    </div>
  );
}

/** The video's processing state; a video the post knows nothing more about is taken as ready. */
function videoDetails(post: Post, url: string): PostVideo {
  return (
    post.videoDetails.find((video) => video.url === url) ?? { url, status: 'ready', posterUrl: null, durationSeconds: null, error: null }
  );
}

function PostImages({ urls, details, author, priority }: { urls: string[]; details: PhotoDetails[]; author: string; priority: boolean }) {
  if (urls.length === 0) return null;
  const single = urls.length === 1;
  return (
    <div className={cn(!single && 'grid grid-cols-2 gap-1')}>
      {urls.map((url, index) => (
        <Photo
          key={`${url}-${index}`}
          url={url}
          details={details.find((photo) => photo.url === url)}
          alt={single ? texts.photoBy(author) : texts.photoOfBy(index + 1, urls.length, author)}
          sizes={single ? ONE_PHOTO_SIZES : GRID_PHOTO_SIZES}
          priority={priority}
          className={cn(
            'w-full bg-slate-100',
            single ? 'h-auto max-h-[500px] object-contain' : 'h-[250px] object-cover',
            // An odd last photo spans both columns instead of leaving a hole.
            !single && urls.length % 2 === 1 && index === urls.length - 1 && 'col-span-2',
          )}
        />
      ))}
    </div>
  );
}

const placeholder =
  'flex aspect-video max-h-[500px] w-full flex-col items-center justify-center gap-2 bg-slate-100 px-4 text-center text-sm font-medium text-slate-600';

function PostVideoView({ video, label }: { video: PostVideo; label: string }) {
  if (video.status === 'processing') {
    return (
      <div className={placeholder}>
        <Spinner label={texts.processingVideo} />
        <p>{texts.processingVideoNotice}</p>
      </div>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className={placeholder}>
        <TriangleAlertIcon className="size-6 text-slate-500" />
        <p>{video.error ?? texts.videoFailed}</p>
      </div>
    );
  }
  return <LazyVideo video={video} label={label} className="h-auto max-h-[500px] w-full bg-black" />;
}
