/**
 * A stranger's first message waits as a request (decision 039): the notice, Accept (the
 * conversation moves to the inbox; marks start to flow) and Decline (back to the Requests tab).
 * Both post to the conversation page's action; Decline as a navigation, since it leads to the list
 * (use-leaving-form.ts).
 */
import { messageTexts } from '@kora/contracts';
import { Form, useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import type { ConversationActionData } from './types';
import { useLeavingForm } from './use-leaving-form';

export function RequestBanner({ name }: { name: string }) {
  const answer = useFetcher<ConversationActionData>();
  const { toast } = useToast();
  const decline = useLeavingForm('decline');
  const busy = answer.state !== 'idle' || decline.busy;
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
      {decline.refusal ? <Alert className="mt-2">{decline.refusal}</Alert> : null}
      <div className="mt-2 flex gap-2">
        <answer.Form method="post" className="flex-1 sm:flex-none">
          <Button type="submit" name="intent" value="accept" disabled={busy} className="w-full sm:w-auto">
            {messageTexts.accept}
          </Button>
        </answer.Form>
        <Form method="post" onSubmit={decline.onSubmit} className="flex-1 sm:flex-none">
          <Button type="submit" name="intent" value="decline" variant="secondary" disabled={busy} className="w-full sm:w-auto">
            {messageTexts.decline}
          </Button>
        </Form>
      </div>
    </div>
  );
}
