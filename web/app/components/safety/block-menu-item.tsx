/**
 * "Block" in a Radix dropdown menu (post, comment, profile, notification menus). The menu only asks;
 * the owner of the menu keeps the dialog outside the menu's content, so it stays open after the menu closes.
 */
import { safetyTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { BanIcon } from 'lucide-react';
import { menuItemClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';

export function BlockMenuItem({ onSelect }: { onSelect: () => void }) {
  return (
    <DropdownMenu.Item className={cn(menuItemClasses, 'text-red-700')} onSelect={onSelect}>
      <BanIcon />
      {safetyTexts.block}
    </DropdownMenu.Item>
  );
}
