/**
 * The signed-in layout around a member page: skip link, top bar, left menu (large screens), right
 * panel (wide screens), live notifications and the post modal (`?post={id}`) over any page. The
 * member layout route renders its pages in it; the not-found pages and the layout's error boundary
 * render their message in it for a signed-in member, so the menus stay.
 */
import { shellTexts } from '@kora/contracts';
import { useLocation, useMatches } from '@remix-run/react';
import type { ReactNode } from 'react';
import { LiveMessagesSync } from './live-messages-sync';
import { LiveNotificationsProvider } from '~/components/notifications/live-notifications-provider';
import { PushOfferCard } from '~/components/push-offer/push-offer-card';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import type { AppLoaderData } from '~/utils/layout-data';
import { cn } from '~/utils/misc';
import { postModalId } from '~/utils/post-modal';
import { useSiteName } from '~/utils/site';
import { LeftMenu } from './left-menu';
import { PendingIndicator, usePageLoading } from './pending-indicator';
import { RightPanel } from './right-panel';
import { TopBar } from './top-bar';

/** The post over the page (`?post={id}`): loaded the first time a post is opened that way. */
const PostModal = lazyComponent(() => import('~/components/posts/post-modal').then((m) => m.PostModal));

/**
 * A page whose route module exports `handle = { fullWidth: true }` (/messages) fills the space
 * beside the left menu, without the right panel, the column width or the page padding.
 */
function useFullWidth(): boolean {
  return useMatches().some((match) => (match.handle as { fullWidth?: boolean } | undefined)?.fullWidth === true);
}

export function AppShell({ layout, children }: { layout: AppLoaderData; children: ReactNode }) {
  const siteName = useSiteName();
  const loading = usePageLoading();
  const location = useLocation();
  const fullWidth = useFullWidth();
  return (
    <LiveNotificationsProvider initialUnread={layout.unread} initialMessagesUnread={layout.messagesUnread}>
      <LiveMessagesSync meId={layout.user.id} />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {shellTexts.skipToContent}
      </a>
      <TopBar user={layout.user} siteName={siteName} />
      <PushOfferCard />
      <div className="mx-auto flex w-full max-w-[1600px]">
        <LeftMenu className="hidden lg:flex" />
        <main id="main" aria-busy={loading || undefined} className={cn('min-w-0 flex-1', !fullWidth && 'px-3 py-4 sm:px-4 lg:px-6')}>
          <PendingIndicator loading={loading} />
          <div className={cn('mx-auto w-full transition-opacity', !fullWidth && 'max-w-[680px]', loading && 'opacity-60')}>{children}</div>
        </main>
        {fullWidth ? null : <RightPanel className="hidden xl:block" />}
      </div>
      <OnceOpened open={postModalId(location.search) !== null}>
        <PostModal />
      </OnceOpened>
    </LiveNotificationsProvider>
  );
}
