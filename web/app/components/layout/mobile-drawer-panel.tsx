import { shellTexts } from '@kora/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { NavLink } from '@remix-run/react';
import type { RefObject } from 'react';
import { Avatar } from '~/components/avatar';
import { XIcon, LogOutIcon } from 'lucide-react';
import { LogoImage } from '~/components/logo';
import { cn } from '~/utils/misc';
import { useFeatures } from '~/utils/use-features';
import { displayName, type CurrentUser } from '~/utils/user';
import { drawerMenuSections, drawerSpecItems, type NavItem } from './destinations';
import { LogoutForm } from './logout-form';

const rowClasses = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-[15px] font-medium';

function DrawerLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      className={({ isActive }) => cn(rowClasses, isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100')}
    >
      <Icon className="size-5" />
      {item.label}
    </NavLink>
  );
}

/**
 * The small-screen menu's drawer (mobile-drawer.tsx opens it): the product's entries (Home,
 * Profile, Friends, Messages, Notifications, Logout) and, between them and Logout, every destination
 * of the left menu (hidden on phones) in its sections, minus what the admin's feature switches hide
 * (destinations.ts holds both lists). The list scrolls inside the drawer on a short phone; Radix
 * keeps focus inside while it is open, and focus goes back to the menu button when it closes.
 */
export function MobileDrawerPanel({
  user,
  siteName,
  open,
  onOpenChange,
  menuButton,
}: {
  user: CurrentUser;
  siteName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}) {
  const features = useFeatures();
  const sections = drawerMenuSections(features);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          // The menu button is not Radix's trigger: Radix would give focus back to the page's body.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButton.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-xl focus:outline-none data-[state=open]:animate-slide-in-left"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <LogoImage siteName={siteName} />
            <Dialog.Title className="sr-only">{shellTexts.menu}</Dialog.Title>
            <Dialog.Close
              aria-label={shellTexts.closeMenu}
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <XIcon />
            </Dialog.Close>
          </div>
          <div className="flex shrink-0 items-center gap-3 px-4 py-4">
            <Avatar name={displayName(user)} src={user.profileImage} className="size-11" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-sm text-slate-600">@{user.username}</p>
            </div>
          </div>
          <nav aria-label={shellTexts.mobileMenu} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-4">
            <ul className="space-y-0.5">
              {drawerSpecItems(user.id).map((item) => (
                <li key={item.to}>
                  <DrawerLink item={item} />
                </li>
              ))}
            </ul>
            {sections.map(({ id, heading, items }) => (
              <section key={id} aria-labelledby={`drawer-${id}`}>
                <h2 id={`drawer-${id}`} className="px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wider text-slate-600">
                  {heading}
                </h2>
                <ul className="space-y-0.5">
                  {items.map((item) => (
                    <li key={item.to}>
                      <DrawerLink item={item} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <ul className="mt-2 border-t border-slate-200 pt-2">
              <li>
                <LogoutForm>
                  <button type="submit" className={cn(rowClasses, 'text-slate-800 hover:bg-slate-100')}>
                    <LogOutIcon className="size-5" />
                    {shellTexts.logout}
                  </button>
                </LogoutForm>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
