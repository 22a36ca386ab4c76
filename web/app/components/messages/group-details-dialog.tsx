/**
 * A group conversation's details: its name (the creator renames it), its members (the creator adds
 * members through the member search and removes them) and Leave conversation for everyone. Each
 * change posts to the conversation page's action, which reloads the conversation; Leave posts there
 * as a navigation, since it leads to the list (use-leaving-form.ts).
 */
import { messageLimits, messageTexts, type Conversation } from '@kora/contracts';
import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '~/components/avatar';
import type { UserSearchItem } from '~/components/friends/types';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { avatarSrc } from '~/utils/media';
import { MemberPicker } from './member-picker';
import type { ConversationActionData } from './types';
import { useLeavingForm } from './use-leaving-form';

export function GroupDetailsDialog({
  conversation,
  meId,
  onOpenChange,
  onDone,
}: {
  conversation: Conversation;
  meId: number;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const change = useFetcher<ConversationActionData>();
  const [chosen, setChosen] = useState<UserSearchItem[]>([]);
  const creator = conversation.creatorId === meId;
  const active = conversation.members.filter((member) => member.active);
  const exclude = useMemo(() => new Set(active.map((member) => member.id)), [active]);
  const leave = useLeavingForm('leave');
  const action = `/messages/${conversation.id}`;
  const busy = change.state !== 'idle' || leave.busy;

  // Each answer once (the parent's callback is a new function at every render).
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (change.state !== 'idle' || !change.data?.ok || told.current === change.data) return;
    told.current = change.data;
    onDone(change.data.message);
    setChosen([]);
  }, [change.state, change.data, onDone]);

  return (
    <Modal open onOpenChange={onOpenChange} title={messageTexts.conversationDetails}>
      <div className="space-y-5">
        {change.data && !change.data.ok ? <Alert>{change.data.error}</Alert> : null}
        {leave.refusal ? <Alert>{leave.refusal}</Alert> : null}
        {creator ? (
          <change.Form method="post" action={action} className="flex items-end gap-2">
            <input type="hidden" name="intent" value="rename" />
            <Field
              label={messageTexts.conversationTitle}
              name="title"
              defaultValue={conversation.title ?? ''}
              maxLength={messageLimits.maxTitle}
              required
              className="flex-1"
            />
            <SubmitButton busy={busy} variant="secondary">
              {messageTexts.rename}
            </SubmitButton>
          </change.Form>
        ) : null}
        <section aria-label={messageTexts.members}>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{messageTexts.members}</h3>
          <ul className="space-y-1">
            {active.map((member) => (
              <li key={member.id} className="flex items-center gap-3 py-1">
                <Avatar name={member.name} src={avatarSrc(member.profileImage)} className="size-9 text-sm" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                  {member.id === meId ? messageTexts.you : member.name}
                </span>
                {creator && member.id !== meId ? (
                  <change.Form method="post" action={action}>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={member.id} />
                    <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={messageTexts.removeNamed(member.name)}>
                      {messageTexts.removeMember}
                    </Button>
                  </change.Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        {creator ? (
          <change.Form method="post" action={action} className="space-y-3">
            <h3 className="text-sm font-semibold text-slate-900">{messageTexts.addMembers}</h3>
            <input type="hidden" name="intent" value="add" />
            {chosen.map((user) => (
              <input key={user.id} type="hidden" name="memberId" value={user.id} />
            ))}
            <MemberPicker
              chosen={chosen}
              onChange={setChosen}
              exclude={exclude}
              max={Math.max(0, messageLimits.maxMembers - active.length)}
            />
            <SubmitButton busy={busy} disabled={chosen.length === 0} variant="secondary">
              {messageTexts.addMembers}
            </SubmitButton>
          </change.Form>
        ) : null}
        <Form method="post" action={action} onSubmit={leave.onSubmit} className="border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" variant="danger" disabled={busy}>
            {messageTexts.leave}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
