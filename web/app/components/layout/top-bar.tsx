import { shellTexts } from '@kora/contracts';
import { NavLink } from '@remix-run/react';
import { useState } from 'react';
import { XIcon, HouseIcon, MessageCircleIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { LogoLink } from '~/components/logo';
import { MessagesBadge, useMessagesLabel } from './messages-badge';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { cn } from '~/utils/misc';
import type { CurrentUser } from '~/utils/user';
import { AvatarMenu } from './avatar-menu';
import { MobileDrawer } from './mobile-drawer';
import { SearchBox } from './search-box';

const quickLinks = [
  { text: 'home', to: '/', icon: HouseIcon, end: true },
  { text: 'friends', to: '/friends', icon: UsersIcon, end: false },
  { text: 'messages', to: '/messages', icon: MessageCircleIcon, end: false },
] as const;

const roundButton = 'inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-800 hover:bg-slate-200';

/** Signed-in top bar (docs/product/navigation.md). */
export function TopBar({ user, siteName }: { user: CurrentUser; siteName: string }) {
  // Below 640 px the search field would squeeze everything else, so it opens as its own row.
  const [searchOpen, setSearchOpen] = useState(false);
  const messagesLabel = useMessagesLabel();

  return (
    <header className="sticky top-0 z-40 bg-white shadow-sm">
      <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
        <div className="flex min-w-0 items-center gap-1 sm:gap-2 lg:w-[296px]">
          <MobileDrawer user={user} siteName={siteName} />
          <LogoLink siteName={siteName} />
          <SearchBox siteName={siteName} className="ml-2 hidden w-full max-w-[240px] sm:block" />
        </div>

        <nav aria-label={shellTexts.quickLinks} className="hidden flex-1 justify-center self-stretch md:flex">
          <ul className="flex">
            {quickLinks.map(({ text, to, icon: Icon, end }) => (
              <li key={to} className="flex">
                <NavLink
                  to={to}
                  end={end}
                  aria-label={to === '/messages' ? messagesLabel : shellTexts[text]}
                  title={shellTexts[text]}
                  className={({ isActive }) =>
                    cn(
                      'relative flex w-24 items-center justify-center border-b-[3px] transition-colors lg:w-28',
                      isActive
                        ? 'border-brand-600 text-brand-600'
                        : 'border-transparent text-slate-500 hover:bg-slate-100 hover:text-slate-700',
                    )
                  }
                >
                  <Icon className="size-6" />
                  {to === '/messages' ? <MessagesBadge className="left-1/2 top-2 ml-1" /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:w-[296px] lg:justify-end">
          <button
            type="button"
            aria-label={searchOpen ? shellTexts.closeSearch : shellTexts.search}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            onClick={() => setSearchOpen((open) => !open)}
            className={cn(roundButton, 'sm:hidden')}
          >
            {searchOpen ? <XIcon /> : <SearchIcon />}
          </button>
          {/* The quick links are hidden on small screens: Messages gets its own button there. */}
          <NavLink to="/messages" aria-label={messagesLabel} title={shellTexts.messages} className={cn(roundButton, 'relative md:hidden')}>
            <MessageCircleIcon />
            <MessagesBadge className="-right-1.5 -top-1" />
          </NavLink>
          <NotificationBell className={roundButton} />
          <AvatarMenu user={user} />
        </div>
      </div>
      {searchOpen ? (
        <div id="mobile-search" className="border-t border-slate-100 px-3 py-2 sm:hidden">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the member just tapped Search to open this field */}
          <SearchBox siteName={siteName} autoFocus />
        </div>
      ) : null}
    </header>
  );
}
