/**
 * The signed-in layout shared by member pages: top bar, left menu (large screens), right panel
 * (wide screens). requireUser sends signed-out visitors to /login (renewing an expired access
 * token first) and loads the member's name and avatar for the top bar and drawer, and the unread
 * notification count for the bell's first paint (the live socket keeps it current afterwards). The
 * layout also holds the live notifications and the post modal (`?post={id}`) over any page.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { LeftMenu } from '~/components/layout/left-menu';
import { LiveNotificationsProvider } from '~/components/notifications/live-notifications-provider';
import { PendingIndicator, usePageLoading } from '~/components/layout/pending-indicator';
import { RightPanel } from '~/components/layout/right-panel';
import { TopBar } from '~/components/layout/top-bar';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { cn } from '~/utils/misc';
import { fetchUnreadCount } from '~/utils/notifications.server';
import { requireUser } from '~/utils/session.server';
import { siteFeatures } from '~/utils/site-info.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { postModalId } from '~/utils/post-modal';
import { useSiteName } from '~/utils/site';
import type { AppLoaderData } from '~/utils/layout-data';

/** The post over the page (`?post={id}`): loaded the first time a post is opened that way. */
const PostModal = lazyComponent(() => import('~/components/posts/post-modal').then((m) => m.PostModal));

/** A slow notifications service must not hold every page up: the socket's 'ready' brings the count too. */
const UNREAD_COUNT_TIMEOUT_MS = 2_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token, headers } = await requireUser(request);
  const [unread, features] = await Promise.all([
    fetchUnreadCount(request, token, UNREAD_COUNT_TIMEOUT_MS).catch(() => 0),
    siteFeatures(request),
  ]);
  return data<AppLoaderData>({ user, unread, features }, { headers });
}

export const shouldRevalidate = shouldRevalidatePage;

export default function AppLayout() {
  const { user, unread } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  const loading = usePageLoading();
  const location = useLocation();
  return (
    <LiveNotificationsProvider initialUnread={unread}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <TopBar user={user} siteName={siteName} />
      <div className="mx-auto flex w-full max-w-[1600px]">
        <LeftMenu className="hidden lg:flex" />
        <main id="main" aria-busy={loading || undefined} className="min-w-0 flex-1 px-3 py-4 sm:px-4 lg:px-6">
          <PendingIndicator loading={loading} />
          <div className={cn('mx-auto w-full max-w-[680px] transition-opacity', loading && 'opacity-60')}>
            <Outlet />
          </div>
        </main>
        <RightPanel className="hidden xl:block" />
      </div>
      <OnceOpened open={postModalId(location.search) !== null}>
        <PostModal />
      </OnceOpened>
    </LiveNotificationsProvider>
  );
}
