import * as Dialog from '@radix-ui/react-dialog';
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Avatar } from '~/components/avatar';
import { BellIcon, CloseIcon, GroupIcon, HomeIcon, LogOutIcon, MenuIcon, MessageIcon, PackageIcon, ReelIcon, UserIcon, UsersIcon, WalletIcon } from '~/components/icons';
import { LogoImage } from '~/components/logo';
import { cn } from '~/utils/misc';
import { useFeatureOn } from '~/utils/use-features';
import { displayName, type CurrentUser } from '~/utils/user';
import { LogoutForm } from './logout-form';

const rowClasses = 'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-[15px] font-medium';

/**
 * The small-screen menu (spec: Home, Profile, Friends, Messages, Notifications, Logout). Unlike the
 * avatar menu, its Profile link uses the plain member id, as the spec describes. Groups is ours:
 * the left menu is hidden on phones, and without it /groups could not be reached there (hidden
 * while an admin has groups turned off). Reels likewise (hidden while reels are off), and Wallet and
 * Packages (hidden while payments are off).
 */
export function MobileDrawer({ user, siteName }: { user: CurrentUser; siteName: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const groupsOn = useFeatureOn('groups');
  const reelsOn = useFeatureOn('reels');
  const paymentsOn = useFeatureOn('payments');

  // Close after any navigation so the new page is not hidden behind the drawer.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  const items = [
    { label: 'Home', to: '/', icon: HomeIcon, end: true },
    { label: 'Profile', to: `/profile/${user.id}`, icon: UserIcon, end: false },
    { label: 'Friends', to: '/friends', icon: UsersIcon, end: false },
    { label: 'Messages', to: '/messages', icon: MessageIcon, end: false },
    { label: 'Notifications', to: '/notifications', icon: BellIcon, end: false },
    // The spec's destinations first; ours after them, Logout staying last.
    ...(groupsOn ? [{ label: 'Groups', to: '/groups', icon: GroupIcon, end: false }] : []),
    ...(reelsOn ? [{ label: 'Reels', to: '/reels', icon: ReelIcon, end: false }] : []),
    ...(paymentsOn
      ? [
          { label: 'Wallet', to: '/wallet', icon: WalletIcon, end: false },
          { label: 'Packages', to: '/packages', icon: PackageIcon, end: false },
        ]
      : []),
  ];

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-xl focus:outline-none data-[state=open]:animate-slide-in-left"
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <LogoImage siteName={siteName} />
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="flex items-center gap-3 px-4 py-4">
            <Avatar name={user.username} src={user.profileImage} className="size-11" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-sm text-slate-500">@{user.username}</p>
            </div>
          </div>
          <nav aria-label="Mobile menu" className="flex-1 overflow-y-auto px-2">
            <ul className="space-y-0.5">
              {items.map(({ label, to, icon: Icon, end }) => (
                <li key={label}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(rowClasses, isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100')
                    }
                  >
                    <Icon className="size-5" />
                    {label}
                  </NavLink>
                </li>
              ))}
              <li>
                <LogoutForm>
                  <button type="submit" className={cn(rowClasses, 'text-slate-800 hover:bg-slate-100')}>
                    <LogOutIcon className="size-5" />
                    Logout
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
