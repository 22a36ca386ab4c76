/**
 * A row's action on an admin table (Remove, Shadow, Resolve, set a status…): posted to the page's
 * own action with a fetcher, so the loaders run again after it and the list shows the new state. A
 * refusal or failure is a toast "Action failed" with the server's text (docs/product/admin.md).
 *
 * One fetcher serves the whole back office and lives in its layout (RowActionsProvider), not in a
 * row: the reload after an answer often takes the row away (an unshadowed post leaves the
 * Shadow-hidden filter, a reviewed application leaves New, a closed report leaves the list). Remix
 * renders router updates in a transition, so on a busy device the answer and the reloaded list can
 * reach the screen in one render, and a fetcher owned by the row would be gone before its effect
 * ever saw the answer: no toast. The layout stays, so it always sees it. One action at a time: every
 * row's buttons wait while one is in flight (a second submit on the same fetcher would cancel the
 * first one's answer).
 */
import { adminTexts } from '@kora/contracts';
import { useFetcher, type FetcherWithComponents } from '@remix-run/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';

/** What the admin pages' actions answer. */
export type RowActionData = { ok: true; message?: string } | { ok: false; error: string };

export interface RowActions {
  /** The form a row posts its action with (the page's own action); it carries the row's `id`. */
  Form: FetcherWithComponents<RowActionData>['Form'];
  /** An action is in flight: every row's buttons wait. */
  busy: boolean;
  /** Whether the action in flight is row `id`'s (its button shows the spinner). */
  isPending: (id: number) => boolean;
}

const RowActionsContext = createContext<RowActions | null>(null);

export function RowActionsProvider({ children }: { children: ReactNode }) {
  const fetcher = useFetcher<RowActionData>();
  const { toast } = useToast();
  // As soon as the answer is in (while the lists reload), not once they have: the toast should come
  // with the answer.
  useFetcherResult(
    fetcher,
    (answer) => {
      if (answer.ok) {
        if (answer.message) toast({ title: answer.message, variant: 'success' });
      } else {
        toast({ title: adminTexts.actionFailed, description: answer.error, variant: 'error' });
      }
    },
    { whileReloading: true },
  );

  const busy = fetcher.state !== 'idle';
  const pendingId = busy ? fetcher.formData?.get('id') : undefined;
  const value = useMemo<RowActions>(
    () => ({ Form: fetcher.Form, busy, isPending: (id) => pendingId === String(id) }),
    [fetcher.Form, busy, pendingId],
  );
  return <RowActionsContext.Provider value={value}>{children}</RowActionsContext.Provider>;
}

/** The back office's row actions (the admin layout provides them). */
export function useRowAction(): RowActions {
  const actions = useContext(RowActionsContext);
  if (!actions) throw new Error('useRowAction must be used inside <RowActionsProvider> (the admin layout)');
  return actions;
}
