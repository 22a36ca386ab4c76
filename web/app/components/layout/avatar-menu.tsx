import { shellTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { LogOutIcon, UserIcon } from 'lucide-react';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';
import { displayName, type CurrentUser } from '~/utils/user';
import { LogoutForm } from './logout-form';

/** Avatar button with Profile (encoded id, docs/product/accounts.md) and Logout. */
export function AvatarMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={shellTexts.accountMenu}
        className="rounded-full ring-offset-2 transition hover:opacity-90 data-[state=open]:ring-2 data-[state=open]:ring-brand-500"
      >
        <Avatar name={displayName(user)} src={user.profileImage} className="size-9" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClasses, 'w-64')}>
          <div className="flex items-center gap-3 px-3 py-2">
            <Avatar name={displayName(user)} src={user.profileImage} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-xs text-slate-500">@{user.username}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to={user.profilePath}>
              <UserIcon className="text-slate-600" />
              {shellTexts.profile}
            </Link>
          </DropdownMenu.Item>
          <LogoutForm>
            {/* Keep the menu (and so the form) mounted: closing it first would cancel the submit. */}
            <DropdownMenu.Item asChild className={menuItemClasses} onSelect={(event) => event.preventDefault()}>
              <button type="submit">
                <LogOutIcon className="text-slate-600" />
                {shellTexts.logout}
              </button>
            </DropdownMenu.Item>
          </LogoutForm>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
