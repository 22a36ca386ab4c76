/**
 * Friend actions through POST /resources/friends with one fetcher, and the spec's toasts for their
 * answers (the server's refusal, if any, under the failure text). On /friends one fetcher serves a
 * whole section and lives in it rather than in a person's card: after an answer the page reloads
 * its lists, and a card that leaves the list would take the answer (and its toast) with it.
 */
import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { FRIEND_ACTION_URL, type FriendActionData, type FriendActionFields, type FriendActionSuccess } from './types';

export interface FriendActions {
  submit: (fields: FriendActionFields) => void;
  /** One action at a time: the buttons of the section wait for the answer. */
  busy: boolean;
  /** Whether `fields` is the action in flight (its button shows the spinner). */
  isPending: (fields: FriendActionFields) => boolean;
}

function formFields(fields: FriendActionFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) out[name] = String(value);
  return out;
}

export function useFriendAction(onSuccess?: (answer: FriendActionSuccess) => void): FriendActions {
  const fetcher = useFetcher<FriendActionData>();
  const { toast } = useToast();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: answer.message, variant: 'success' });
      onSuccess?.(answer);
    } else {
      toast({ title: answer.error, description: answer.reason, variant: 'error' });
    }
  });

  const { submit: submitForm, formData } = fetcher;
  const submit = useCallback(
    (fields: FriendActionFields) => submitForm(formFields(fields), { method: 'post', action: FRIEND_ACTION_URL }),
    [submitForm],
  );
  const isPending = useCallback(
    (fields: FriendActionFields) => {
      if (!formData) return false;
      return Object.entries(formFields(fields)).every(([name, value]) => formData.get(name) === value);
    },
    [formData],
  );
  return { submit, busy: fetcher.state !== 'idle', isPending };
}

/**
 * Friend actions for a section that offers Add Friend, with the members the member has sent a
 * request to through them (the section stops offering Add Friend to those at once).
 */
export function useSentRequests(): { actions: FriendActions; sentTo: ReadonlySet<number> } {
  const [sentTo, setSentTo] = useState<ReadonlySet<number>>(() => new Set());
  const actions = useFriendAction((answer) => {
    const userId = answer.relation?.userId;
    if (userId !== undefined) setSentTo((ids) => new Set(ids).add(userId));
  });
  return { actions, sentTo };
}
