/**
 * A post's photos and videos (docs/product/posts-and-feed.md): one photo up to 500px high, several
 * in two columns 250px high; videos up to 500px high. A video still being transcoded shows a notice
 * instead of a player (its file does not exist yet), a failed one says so.
 */
import type { Post, PostVideo } from '@kora/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { Spinner } from '~/components/ui/spinner';
import { mediaUrl } from '~/utils/media';
import { cn } from '~/utils/misc';

export function PostMedia({ post }: { post: Post }) {
  if (post.images.length === 0 && post.videos.length === 0) return null;
  return (
    <div className="mt-3 space-y-1">
      <PostImages urls={post.images} author={post.author.name} />
      {post.videos.map((url, index) => (
        <PostVideoView key={url} video={videoDetails(post, url)} label={`Video ${index + 1} by ${post.author.name}`} />
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

function PostImages({ urls, author }: { urls: string[]; author: string }) {
  if (urls.length === 0) return null;
  const single = urls.length === 1;
  return (
    <div className={cn(!single && 'grid grid-cols-2 gap-1')}>
      {urls.map((url, index) => (
        <img
          key={url}
          src={mediaUrl(url) ?? undefined}
          alt={single ? `Photo by ${author}` : `Photo ${index + 1} of ${urls.length} by ${author}`}
          loading="lazy"
          decoding="async"
          className={cn(
            'w-full bg-slate-100',
            single ? 'max-h-[500px] object-contain' : 'h-[250px] object-cover',
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
        <Spinner label="Processing video" />
        <p>Processing video…</p>
      </div>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className={placeholder}>
        <TriangleAlertIcon className="size-6 text-slate-500" />
        <p>{video.error ?? 'This video could not be processed'}</p>
      </div>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- members' own videos come without caption tracks: there is none to offer
    <video
      controls
      playsInline
      preload="metadata"
      src={mediaUrl(video.url) ?? undefined}
      poster={mediaUrl(video.posterUrl) ?? undefined}
      aria-label={label}
      className="max-h-[500px] w-full bg-black"
    />
  );
}
