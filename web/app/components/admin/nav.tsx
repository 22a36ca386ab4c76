/**
 * The back office's menu: the sidebar on screens 768px and wider, the same links in a slide-out
 * drawer below that (docs/product/admin.md). Order: the product's Dashboard, Users, Settings,
 * Posts, then ours, Representatives and Audit. Profile is reached from the layout's header, not
 * from here (the product's sidebar does not list it).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AwardIcon, XIcon, HistoryIcon, HouseIcon, MenuIcon, NewspaperIcon, SettingsIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { adminScreenTexts as t } from '@kora/contracts';
import { cn } from '~/utils/misc';

export interface AdminNavItem {
  /** Read at render, in the page's language. */
  label: () => string;
  to: string;
  icon: LucideIcon;
  /** Only the exact path is "current" (the dashboard would otherwise match every page). */
  end?: boolean;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: () => t.dashboard, to: '/admin', icon: HouseIcon, end: true },
  { label: () => t.users, to: '/admin/users', icon: UsersIcon },
  { label: () => t.settings, to: '/admin/settings', icon: SettingsIcon },
  { label: () => t.posts, to: '/admin/posts', icon: NewspaperIcon },
  { label: () => t.representatives, to: '/admin/representatives', icon: AwardIcon },
  { label: () => t.audit, to: '/admin/audit', icon: HistoryIcon },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.map(({ label, to, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            prefetch="intent"
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <Icon className="size-5" />
            {label()}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The sidebar (hidden under 768px, where the drawer takes its place). */
export function AdminSidebar({ className }: { className?: string }) {
  return (
    <nav aria-label={t.admin} className={cn('w-56 shrink-0 border-r border-slate-200 bg-white px-3 py-4', className)}>
      <NavLinks />
    </nav>
  );
}

/**
 * The small-screen menu: a Radix dialog, so focus is trapped inside while it is open, Escape and
 * the overlay close it, and focus goes back to the button afterwards.
 */
export function AdminDrawer({ siteName }: { siteName: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close after any navigation so the new page is not hidden behind the drawer.
  useEffect(() => setOpen(false), [location.key]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t.openMenu}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
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
            <Dialog.Title className="text-base font-semibold text-slate-900">{t.siteAdmin(siteName)}</Dialog.Title>
            <Dialog.Close
              aria-label={t.closeMenu}
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <XIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={t.admin} className="flex-1 overflow-y-auto px-3 py-4">
            <NavLinks onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
