/**
 * A stranger's first message waits as a request (decision 039): the notice, Accept (the
 * conversation moves to the inbox; marks start to flow) and Decline (back to the Requests tab).
 * Both post to the conversation page's action.
 */
import { messageTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import type { ConversationActionData } from './types';

export function RequestBanner({ name }: { name: string }) {
  const answer = useFetcher<ConversationActionData>();
  const { toast } = useToast();
  const busy = answer.state !== 'idle';
  // As soon as the answer is in: the reload it starts moves the conversation to the inbox, and
  // this banner goes with it.
  const { data } = answer;
  useEffect(() => {
    if (data?.ok) toast({ title: data.message });
  }, [data, toast]);
  return (
    <div role="region" aria-label={messageTexts.requests} className="border-t border-slate-200 bg-brand-50 px-4 py-3">
      <p className="text-sm text-slate-800">{messageTexts.requestNotice(name)}</p>
      {answer.data && !answer.data.ok ? <Alert className="mt-2">{answer.data.error}</Alert> : null}
      <answer.Form method="post" className="mt-2 flex gap-2">
        <Button type="submit" name="intent" value="accept" disabled={busy} className="flex-1 sm:flex-none">
          {messageTexts.accept}
        </Button>
        <Button type="submit" name="intent" value="decline" variant="secondary" disabled={busy} className="flex-1 sm:flex-none">
          {messageTexts.decline}
        </Button>
      </answer.Form>
    </div>
  );
}
