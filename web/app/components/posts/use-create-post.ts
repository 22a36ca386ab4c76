/**
 * Creating a post from the composer: first the chosen files not uploaded yet (with progress), then
 * the post with their URLs (POST /resources/posts, which revalidates the feed so the post shows on
 * top). A failure at either step leaves the composer as it was, with the reason.
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { pendingUploads, recordUploads, uploadedUrls, type ChosenMedia } from './composer-media';
import { CREATE_POST_URL } from './resource-urls';
import type { CreatePostData } from './types';
import type { Upload } from './upload-media';

export function useCreatePost({
  groupId,
  onUploaded,
  onCreated,
}: {
  /** Posting in this group (the group page's composer); absent on the member's own timeline. */
  groupId?: number;
  /** The media with their new URLs, so a retry does not upload them again. */
  onUploaded: (media: ChosenMedia[]) => void;
  onCreated: () => void;
}) {
  const fetcher = useFetcher<CreatePostData>();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) onCreated();
    else setError(answer.error);
  });

  async function createPost(content: string, media: ChosenMedia[]) {
    setError(null);
    let items = media;
    const pending = pendingUploads(items);
    if (pending.length > 0) {
      setProgress(0);
      // Loaded when a member first sends photos or videos: the upload code and the answer's schema
      // stay out of the feed's first load.
      const { uploadFiles } = await import('./upload-media');
      upload.current = uploadFiles(
        pending.map((item) => item.file),
        setProgress,
      );
      const result = await upload.current.done;
      upload.current = null;
      if (!result.ok) {
        setProgress(null);
        setError(result.error);
        return;
      }
      items = recordUploads(items, result.urls);
      onUploaded(items);
    }
    const form = new FormData();
    form.set('content', content);
    if (groupId !== undefined) form.set('groupId', String(groupId));
    for (const url of uploadedUrls(items)) form.append('media', url);
    fetcher.submit(form, { method: 'post', action: CREATE_POST_URL });
    setProgress(null); // after submit, in the same render: the composer never looks idle in between
  }

  return { createPost, progress, error, busy: progress !== null || fetcher.state !== 'idle' };
}
