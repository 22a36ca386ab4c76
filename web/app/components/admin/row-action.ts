/**
 * A row's action on an admin table (Remove, Shadow, Resolve, set a status…): posted to the page's
 * own action with a fetcher, so the loaders run again after it and the list shows the new state. A
 * refusal or failure is a toast "Action failed" with the server's text (spec §8).
 */
import { adminTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useToast } from '~/components/ui/toast';

/** What the admin pages' actions answer. */
export type RowActionData = { ok: true; message?: string } | { ok: false; error: string };

export function useRowAction(onDone?: (answer: RowActionData) => void) {
  const fetcher = useFetcher<RowActionData>();
  const { toast } = useToast();
  const handled = useRef<RowActionData | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  // As soon as the answer is in, not when the list has reloaded: the reload often takes the row
  // away (an unshadowed post leaves the Shadow-hidden filter, a closed report leaves the list), and
  // the toast must not go with it. While submitting, `data` is still the previous answer.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state === 'submitting' || answer === undefined || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok) {
      if (answer.message) toast({ title: answer.message, variant: 'success' });
    } else {
      toast({ title: adminTexts.actionFailed, description: answer.error, variant: 'error' });
    }
    done.current?.(answer);
  }, [fetcher.state, fetcher.data, toast]);
  return { fetcher, busy: fetcher.state !== 'idle' };
}
