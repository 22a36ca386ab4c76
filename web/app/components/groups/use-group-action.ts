/**
 * One group action at a time through POST /resources/groups, with its toast: the product's "Request
 * sent" after every join and "Left group" after leaving, the API's message after the others; a
 * failure's title ("Join failed", "Leave failed", or the refusal) with the server's reason under
 * it. Forms whose refused fields show beside the fields get no toast for those. The action goes to
 * /resources/groups unless `action` names the group's page (groupPageAction), which then reloads.
 */
import { groupTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { GROUPS_RESOURCE, type GroupActionData, type GroupIntent } from './types';

type Success = Extract<GroupActionData, { ok: true }>;

function successTitle(answer: Success): string {
  if (answer.intent === 'join') return groupTexts.requestSent;
  if (answer.intent === 'leave') return groupTexts.leftGroup;
  return answer.message;
}

export function useGroupAction(onSuccess?: (answer: Success) => void, options: { key?: string; action?: string } = {}) {
  const fetcher = useFetcher<GroupActionData>(options.key ? { key: options.key } : undefined);
  const { toast } = useToast();

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: successTitle(answer), variant: 'success' });
      onSuccess?.(answer);
      return;
    }
    if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) return;
    toast({ title: answer.error, ...(answer.reason ? { description: answer.reason } : {}), variant: 'error' });
  });

  function submit(intent: GroupIntent, fields: Record<string, string | number>) {
    const form = new FormData();
    form.set('intent', intent);
    for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
    fetcher.submit(form, { method: 'post', action: options.action ?? GROUPS_RESOURCE });
  }

  const busy = fetcher.state !== 'idle';
  const failure = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return { submit, busy, fetcher, failure };
}
