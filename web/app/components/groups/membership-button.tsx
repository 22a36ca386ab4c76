/**
 * The group's button (docs/product/groups.md): Join sends a request (toast "Request sent"); Pending
 * approval is disabled while it waits; Joined opens a small menu whose "Leave group" leaves (toast
 * "Left group"); the owner, who cannot leave, gets Manage (the group's settings) instead. Each
 * answer carries the group as the member now sees it, handed to `onChange`.
 */
import { type GroupDetail, type GroupItem, type GroupRole, groupScreenTexts as texts, groupTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { Link } from '@remix-run/react';
import { CheckIcon, ChevronDownIcon, LogOutIcon } from 'lucide-react';
import { Button, buttonClasses } from '~/components/ui/button';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { SubmitButton } from '~/components/ui/submit-button';
import { membershipOf } from './membership';
import { groupPageAction } from './types';
import { useGroupAction } from './use-group-action';

export function MembershipButton({
  group,
  role,
  onChange,
  className,
}: {
  group: GroupItem;
  /** The member's role when known (the group's page); list cards know only the flags. */
  role: GroupRole | null;
  onChange?: (group: GroupDetail) => void;
  className?: string;
}) {
  const action = useGroupAction(
    (answer) => (answer.group ? onChange?.(answer.group) : undefined),
    onChange ? {} : { action: groupPageAction(group.group_id) },
  );
  const state = membershipOf(group, role);
  const fields = { groupId: group.group_id };

  if (state === 'owner') {
    return (
      <Link to={`/groups/${group.group_id}?tab=settings`} className={buttonClasses('secondary', 'md', className)}>
        {texts.manage}
      </Link>
    );
  }
  if (state === 'pending') {
    return (
      <Button variant="secondary" disabled className={className}>
        {groupTexts.pending}
      </Button>
    );
  }
  if (state === 'join') {
    return (
      <SubmitButton
        type="button"
        busy={action.busy}
        busyLabel={groupTexts.join}
        onClick={() => action.submit('join', fields)}
        className={className}
      >
        {groupTexts.join}
      </SubmitButton>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'md', className)} disabled={action.busy}>
        <CheckIcon className="size-4 text-brand-600" />
        {groupTexts.joined}
        <ChevronDownIcon className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClasses}>
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => action.submit('leave', fields)}>
            <LogOutIcon className="size-4" />
            {texts.leaveGroup}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
