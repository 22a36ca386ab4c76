/**
 * Friend actions through POST /resources/friends with one fetcher, and the product's toasts for
 * their answers (the server's refusal, if any, under the failure text). On /friends one fetcher
 * serves a whole section and lives in it rather than in a person's card: after an answer the page
 * reloads its lists, and a card that leaves the list would take the answer (and its toast) with it.
 */
import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { offerPush } from '~/components/push-offer/push-offer-signal';
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
      // Knowing when the other member answers is the moment push notifications are worth offering.
      if (answer.intent === 'send') offerPush('friend-request');
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
 * What this page did to its members' requests: the request id sent to a member, or null once it
 * was cancelled. It wins over what the page loaded, which may be older than the last answer.
 */
export type LocalRequests = ReadonlyMap<number, number | null>;

/**
 * Friend actions for a section that offers Add Friend, with the requests sent (and cancelled)
 * through them: a member sent one shows "Requested" with Cancel in place of Add Friend at once.
 */
export function useSentRequests(): { actions: FriendActions; requests: LocalRequests } {
  const [requests, setRequests] = useState<LocalRequests>(() => new Map());
  const actions = useFriendAction((answer) => {
    const relation = answer.relation;
    if (!relation || (answer.intent !== 'send' && answer.intent !== 'cancel')) return;
    const requestId = relation.status === 'requested' ? relation.requestId : null;
    setRequests((known) => new Map(known).set(relation.userId, requestId));
  });
  return { actions, requests };
}
