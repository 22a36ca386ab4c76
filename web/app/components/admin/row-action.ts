/**
 * A row's action on an admin table (Remove, Shadow, Resolve, set a status…): posted to the page's
 * own action with a fetcher, so the loaders run again after it and the list shows the new state. A
 * refusal or failure is a toast "Action failed" with the server's text (spec §8).
 */
import { adminTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';

/** What the admin pages' actions answer. */
export type RowActionData = { ok: true; message?: string } | { ok: false; error: string };

export function useRowAction(onDone?: (answer: RowActionData) => void) {
  const fetcher = useFetcher<RowActionData>();
  const { toast } = useToast();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      if (answer.message) toast({ title: answer.message, variant: 'success' });
    } else {
      toast({ title: adminTexts.actionFailed, description: answer.error, variant: 'error' });
    }
    onDone?.(answer);
  });
  return { fetcher, busy: fetcher.state !== 'idle' };
}
