/**
 * One kind of action on one post (like, comment, share, save, unsave, delete) through its own
 * fetcher, so a like in flight never cancels a comment being sent. The answer goes to `onSuccess`;
 * a failure to `onFailure`, or by default to an error toast with the server's message.
 */
import { useFetcher } from '@remix-run/react';
import { useCallback } from 'react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { postUrl } from './resource-urls';
import type { PostActionData, PostIntent, SuccessOf } from './types';

export function usePostAction<I extends PostIntent>(
  postId: number,
  intent: I,
  onSuccess: (answer: SuccessOf<I>) => void,
  onFailure?: (error: string) => void,
) {
  const fetcher = useFetcher<PostActionData>();
  const { toast } = useToast();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      if (answer.intent === intent) onSuccess(answer as SuccessOf<I>);
    } else if (onFailure) {
      onFailure(answer.error);
    } else {
      toast({ title: answer.error, variant: 'error' });
    }
  });
  const { submit: submitForm } = fetcher;
  const submit = useCallback(
    (fields: Record<string, string> = {}) => submitForm({ ...fields, intent }, { method: 'post', action: postUrl(postId) }),
    [submitForm, intent, postId],
  );
  return { submit, busy: fetcher.state !== 'idle' };
}
