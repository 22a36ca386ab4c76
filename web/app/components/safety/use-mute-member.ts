/**
 * Muting or unmuting one member from a menu (decision 037), through its own fetcher to
 * /resources/mutes: the caller keeps it outside the menu's content so the answer still arrives after
 * the menu closed. `muted` is what the last answer said (else `initiallyMuted`); the toast says what
 * happened. Pages revalidate after it, so a muted member's posts leave the feed at once.
 */
import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { MUTES_RESOURCE, type MuteActionData } from './mute-action';

export function useMuteMember(userId: number, initiallyMuted = false) {
  const fetcher = useFetcher<MuteActionData>();
  const { toast } = useToast();
  const [muted, setMuted] = useState(initiallyMuted);
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      setMuted(answer.memberIds.includes(userId));
      toast({ title: answer.message, variant: 'success' });
    } else {
      toast({ title: answer.error, variant: 'error' });
    }
  });
  const { submit: submitForm } = fetcher;
  const toggle = useCallback(
    () =>
      submitForm({ intent: muted ? 'unmute-member' : 'mute-member', userId: String(userId) }, { method: 'post', action: MUTES_RESOURCE }),
    [submitForm, muted, userId],
  );
  return { muted, toggle, busy: fetcher.state !== 'idle' };
}
