/**
 * New message: pick one member for a direct conversation, or several (up to 31 besides the member:
 * 32 in all) with a name for a group, through the member search; Start conversation posts to
 * /resources/conversations, which goes to it (the existing one with a single member).
 */
import { messageLimits, messageTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useMemo, useState } from 'react';
import type { UserSearchItem } from '~/components/friends/types';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useCurrentUser } from '~/utils/use-current-user';
import { MemberPicker } from './member-picker';
import { CONVERSATIONS_URL, type StartConversationData } from './types';

export function NewMessageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useCurrentUser();
  const start = useFetcher<StartConversationData>();
  const [chosen, setChosen] = useState<UserSearchItem[]>([]);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const exclude = useMemo(() => new Set(me ? [me.id] : []), [me]);
  const group = chosen.length > 1;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={messageTexts.newMessage}>
      <start.Form
        method="post"
        action={CONVERSATIONS_URL}
        className="space-y-4"
        onSubmit={(event) => {
          if (group && !title.trim()) {
            event.preventDefault();
            setTitleError(messageTexts.groupTitleRequired);
          }
        }}
      >
        <input type="hidden" name="intent" value="start" />
        {chosen.map((user) => (
          <input key={user.id} type="hidden" name="memberId" value={user.id} />
        ))}
        {group ? <input type="hidden" name="group" value="true" /> : null}
        <MemberPicker chosen={chosen} onChange={setChosen} exclude={exclude} max={messageLimits.maxMembers - 1} />
        {group ? (
          <Field
            label={messageTexts.conversationTitle}
            name="title"
            value={title}
            maxLength={messageLimits.maxTitle}
            onChange={(event) => {
              setTitle(event.target.value);
              setTitleError(null);
            }}
            error={titleError ?? undefined}
          />
        ) : null}
        {start.data && !start.data.ok ? <Alert>{start.data.error}</Alert> : null}
        <div className="flex justify-end">
          <SubmitButton busy={start.state !== 'idle'} disabled={chosen.length === 0}>
            {messageTexts.start}
          </SubmitButton>
        </div>
      </start.Form>
    </Modal>
  );
}
