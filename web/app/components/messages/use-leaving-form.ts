/**
 * Leave (a group) and Decline (a request) lead away from the conversation, so they post to the
 * page's action as a navigation (`<Form>`), not through a fetcher: React Router drops a fetcher's
 * redirect when a revalidation starts while its action runs, and a `conversation:changed` frame
 * starts one (use-conversation.ts), be it someone else's change or the frame of this very leave,
 * which can arrive before the action's answer. A navigation's submission takes such a
 * revalidation into the loads that follow it, and its redirect is always followed.
 */
import { useNavigation, useActionData } from '@remix-run/react';
import { useState } from 'react';
import type { ConversationActionData } from './types';

export function useLeavingForm(intent: 'leave' | 'decline') {
  const navigation = useNavigation();
  const answer = useActionData<ConversationActionData>();
  // The page's answer outlives this component: only a submission made from here shows its refusal.
  const [submitted, setSubmitted] = useState(false);
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const refusal = submitted && !busy && answer && !answer.ok ? answer.error : null;
  return { busy, refusal, onSubmit: () => setSubmitted(true) };
}
