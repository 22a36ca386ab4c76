/**
 * The "…" menu beside another member's friend button on their profile: Mute / Unmute (decision 037).
 * The fetcher lives here, outside the menu's content, so its answer arrives after the menu closed.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisIcon } from 'lucide-react';
import { menuContentClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';
import { MuteMenuItem } from './mute-menu-item';
import { useMuteMember } from './use-mute-member';

export function ProfileMemberMenu({ userId, name }: { userId: number; name: string }) {
  const mute = useMuteMember(userId);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`More options for ${name}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 hover:bg-slate-200 data-[state=open]:bg-slate-200"
      >
        <EllipsisIcon className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClasses, 'w-48')}>
          <MuteMenuItem mute={mute} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
