/**
 * "Block {name}?" before blocking a member (decision 036), wherever Block is offered: the profile,
 * a post's or comment's menu, a search result, a friend request, a notification. Confirming posts to
 * /resources/blocks through a fetcher (decision 031); the answer toasts "Member blocked" and the
 * page's loaders run again, so what the member made leaves the page.
 */
import { friendScreenTexts, safetyTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { PANEL_URL } from '~/components/search/types';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { BLOCKS_RESOURCE } from './resource';
import type { BlockActionData } from './types';

export interface BlockTarget {
  userId: number;
  /** The name the member shows under (the dialog's question). */
  name: string;
}

export function BlockDialog({
  target,
  open,
  onOpenChange,
  onBlocked,
}: {
  target: BlockTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: (userId: number) => void;
}) {
  const fetcher = useFetcher<BlockActionData>();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  // As soon as the answer is in: the loaders that run after it may leave the page (the blocked
  // member's profile is now "not found"), and the toast must not wait for them.
  useFetcherResult(
    fetcher,
    (answer) => {
      if (!answer.ok) return setError(answer.error);
      onOpenChange(false);
      toast({ title: safetyTexts.blocked, variant: 'success' });
      // The right panel's suggestions are kept in the browser's cache for a minute: renew that copy,
      // so the next page's panel does not suggest the member just blocked.
      void fetch(PANEL_URL, { cache: 'reload', credentials: 'same-origin' }).catch(() => undefined);
      onBlocked?.(answer.userId);
    },
    { whileReloading: true },
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setError(null);
        onOpenChange(next);
      }}
      // The question names the member already: the title stays the action's one word.
      title={safetyTexts.block}
      description={safetyTexts.blockConfirm(target.name)}
      confirmLabel={safetyTexts.block}
      busyLabel={friendScreenTexts.blocking}
      busy={fetcher.state !== 'idle'}
      error={error}
      onConfirm={() => fetcher.submit({ intent: 'block', userId: String(target.userId) }, { method: 'post', action: BLOCKS_RESOURCE })}
    />
  );
}
