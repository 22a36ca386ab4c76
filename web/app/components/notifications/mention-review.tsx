/**
 * Approve / Decline under a mention that waits for the member's review; once answered (here, or
 * already when the list loaded), the answer instead. The buttons sit outside the row's link.
 */
import { notificationTexts, type MentionReviewState, type Notification } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { Button } from '~/components/ui/button';

type Answer = { review: Exclude<MentionReviewState, 'pending'> } | { error: string };

export function MentionReview({ notification }: { notification: Notification }) {
  const fetcher = useFetcher<Answer>();
  const { mentionId, review } = notification.meta;
  if (notification.type !== 'mention' || mentionId === null || review === null) return null;
  const answered = fetcher.data && 'review' in fetcher.data ? fetcher.data.review : review;
  if (answered !== 'pending') {
    return (
      <p role="status" className="pl-14 text-sm text-slate-600">
        {answered === 'approved' ? notificationTexts.mentionApproved : notificationTexts.mentionDeclined}
      </p>
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action={`/resources/mentions/${mentionId}`} className="flex flex-wrap items-center gap-2 pl-14">
      <Button type="submit" name="answer" value="approve" size="sm" disabled={busy}>
        {notificationTexts.approveMention}
      </Button>
      <Button type="submit" name="answer" value="decline" size="sm" variant="secondary" disabled={busy}>
        {notificationTexts.declineMention}
      </Button>
      {fetcher.data && 'error' in fetcher.data ? (
        <p role="alert" className="text-sm text-red-700">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
