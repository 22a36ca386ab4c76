/**
 * A member's "…" menu with Block (decision 036), for places that have no menu of their own: the
 * profile header, a search result, a friend request, a notification. The dialog lives outside the
 * menu's content, so it stays open after the menu closes.
 */
import { friendScreenTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { EllipsisIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { menuContentClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';
import type { BlockTarget } from './block-dialog';
import { BlockMenuItem } from './block-menu-item';

const BlockDialog = lazyComponent(() => import('./block-dialog').then((m) => m.BlockDialog));

export function MemberMenu({
  target,
  className,
  onBlocked,
  items,
}: {
  target: BlockTarget;
  /** Items shown above Block (the profile's Mute). */
  items?: ReactNode;
  className?: string;
  /** Called after the block, for a list that drops the member's items in place. */
  onBlocked?: (userId: number) => void;
}) {
  const [blocking, setBlocking] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={friendScreenTexts.moreOptionsFor(target.name)}
          className={cn(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 data-[state=open]:bg-slate-100',
            className,
          )}
        >
          <EllipsisIcon className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClasses, 'w-44')}>
            {items}
            <BlockMenuItem onSelect={() => setBlocking(true)} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <OnceOpened open={blocking}>
        <BlockDialog target={target} open={blocking} onOpenChange={setBlocking} onBlocked={onBlocked} />
      </OnceOpened>
    </>
  );
}
