/**
 * "Message": starts (or finds) the direct conversation with a member and goes to it (POST
 * /resources/conversations, which redirects). A refusal ("You can't message this member") shows as
 * a toast. Light on purpose: profiles and friend cards load it, not the messages pages' code or texts.
 */
import { messagesLinkTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { MessageCircleIcon } from 'lucide-react';
import { buttonClasses, type ButtonSize } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import { CONVERSATIONS_URL } from '~/utils/live-hub';
import type { StartConversationData } from '~/components/messages/types';

export function MessageButton({
  userId,
  name,
  size = 'md',
  className,
}: {
  userId: number;
  name: string;
  size?: ButtonSize;
  className?: string;
}) {
  const start = useFetcher<StartConversationData>();
  const { toast } = useToast();
  useEffect(() => {
    if (start.state === 'idle' && start.data && !start.data.ok) toast({ title: start.data.error, variant: 'error' });
  }, [start.state, start.data, toast]);
  return (
    <start.Form method="post" action={CONVERSATIONS_URL} className={className}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="memberId" value={userId} />
      <button
        type="submit"
        disabled={start.state !== 'idle'}
        aria-label={messagesLinkTexts.messageNamed(name)}
        className={cn(buttonClasses('secondary', size), 'w-full')}
      >
        <MessageCircleIcon className="size-4" />
        {messagesLinkTexts.messageButton}
      </button>
    </start.Form>
  );
}
