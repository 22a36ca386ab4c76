/**
 * A comment's "…" menu (decision 024): Report and Block (decision 036), on other members' comments
 * only (the caller decides). The dialogs live outside the menu's content so they stay open after the
 * menu closes.
 */
import { postScreenTexts as texts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { useRef, useState } from 'react';
import { FlagIcon, EllipsisIcon } from 'lucide-react';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { BlockMenuItem } from '~/components/safety/block-menu-item';
import { cn } from '~/utils/misc';

const ReportDialog = lazyComponent(() => import('./report-dialog').then((m) => m.ReportDialog));
const BlockDialog = lazyComponent(() => import('~/components/safety/block-dialog').then((m) => m.BlockDialog));

export function CommentMenu({ commentId, author, authorId }: { commentId: number; author: string; authorId: number }) {
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          aria-label={texts.commentOptions(author)}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <EllipsisIcon className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClasses, 'w-44')}>
            <DropdownMenu.Item className={menuItemClasses} onSelect={() => setReporting(true)}>
              <FlagIcon className="text-slate-600" />
              {texts.report}
            </DropdownMenu.Item>
            <BlockMenuItem onSelect={() => setBlocking(true)} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <OnceOpened open={reporting}>
        <ReportDialog open={reporting} onOpenChange={setReporting} target="comment" id={commentId} returnFocusTo={trigger} />
      </OnceOpened>
      <OnceOpened open={blocking}>
        <BlockDialog target={{ userId: authorId, name: author }} open={blocking} onOpenChange={setBlocking} />
      </OnceOpened>
    </>
  );
}
