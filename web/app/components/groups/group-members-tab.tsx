/**
 * A group's Members tab: each member's picture, name, @username and role; the owner and admins get
 * a menu of what they may do to each (member-actions.ts), every choice confirmed first. The page
 * reloads after each action, so the list shows the result.
 */
import { type GroupDetail, type GroupMember, groupRoleLabels, groupScreenTexts as texts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { useState } from 'react';
import { EllipsisIcon, UsersIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';
import { memberActionConfirmation, memberActionForm, memberActionLabel, memberActions, type MemberActionKind } from './member-actions';
import { PeopleLoadMore } from './people-load-more';
import { PersonRow } from './person-row';
import { useGroupAction } from './use-group-action';
import { usePeoplePages, type PeoplePage } from './use-people-pages';
import { groupPageAction } from './types';

const roleBadge = { owner: 'bg-brand-600 text-white', admin: 'bg-brand-50 text-brand-700', member: 'bg-slate-100 text-slate-700' } as const;

export function GroupMembersTab({ group, me, first }: { group: GroupDetail; me: number; first: PeoplePage<GroupMember> }) {
  const pages = usePeoplePages(first, 'members', group.group_id);
  const [pending, setPending] = useState<{ kind: MemberActionKind; member: GroupMember } | null>(null);
  const action = useGroupAction(() => setPending(null), { action: groupPageAction(group.group_id) });
  const viewer = { userId: me, role: group.role };

  if (pages.items.length === 0) {
    return (
      <Card>
        <EmptyState icon={UsersIcon} title={texts.noMembers} />
      </Card>
    );
  }
  const confirmation = pending ? memberActionConfirmation(pending.kind, pending.member.name) : null;
  return (
    <Card>
      <ul aria-label={texts.members} className="divide-y divide-slate-100">
        {pages.items.map((member) => {
          const allowed = memberActions(viewer, member);
          return (
            <PersonRow key={member.userId} person={member}>
              <span className={cn('rounded-full px-2.5 text-xs font-semibold leading-6', roleBadge[member.role])}>
                {groupRoleLabels[member.role]}
              </span>
              {allowed.length > 0 ? (
                <DropdownMenu.Root modal={false}>
                  <DropdownMenu.Trigger
                    aria-label={texts.memberActionsFor(member.name)}
                    className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 data-[state=open]:bg-slate-100"
                  >
                    <EllipsisIcon />
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClasses}>
                      {allowed.map((kind) => (
                        <DropdownMenu.Item key={kind} className={menuItemClasses} onSelect={() => setPending({ kind, member })}>
                          {memberActionLabel(kind)}
                        </DropdownMenu.Item>
                      ))}
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              ) : null}
            </PersonRow>
          );
        })}
      </ul>
      <PeopleLoadMore nextCursor={pages.nextCursor} loading={pages.loading} error={pages.error} onLoad={pages.loadMore} />
      {pending && confirmation ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setPending(null))}
          title={confirmation.title}
          description={confirmation.description}
          confirmLabel={confirmation.confirm}
          busyLabel={texts.saving}
          busy={action.busy}
          error={action.failure ? (action.failure.reason ?? action.failure.error) : null}
          onConfirm={() => {
            const form = memberActionForm(pending.kind, group.group_id, pending.member.userId);
            action.submit(form.intent, form.fields);
          }}
        />
      ) : null}
    </Card>
  );
}
