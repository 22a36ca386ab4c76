/**
 * /groups/{groupId} (ours: the product names the route, not its screen): the group's header with
 * the membership button, and tabs (`?tab=`): Posts (default), Members, Requests (owner and admins,
 * with the waiting count) and Settings (owner). A tab the member may not open falls back to Posts.
 * Outsiders of a private group see a lock panel instead of the posts and members. An unknown group
 * is the app's not-found page; while groups are turned off the page says so. The page's own group
 * actions post to this route's action (docs/decisions/031-web-mutations.md).
 */
import { type GroupDetail, type GroupMember, type GroupRequest, groupScreenTexts, groupTexts } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GroupHeader } from '~/components/groups/group-header';
import { GroupMembersTab } from '~/components/groups/group-members-tab';
import { GroupPostsTab, type GroupPosts } from '~/components/groups/group-posts-tab';
import { GroupRequestsTab } from '~/components/groups/group-requests-tab';
import { GroupSettingsTab } from '~/components/groups/group-settings-tab';
import { GroupsOff } from '~/components/groups/groups-off';
import { isReviewer } from '~/components/groups/membership';
import { TabBar } from '~/components/groups/tab-bar';
import type { PeoplePage } from '~/components/groups/use-people-pages';
import { Alert } from '~/components/ui/alert';
import { isApiError, isClientError } from '~/utils/api.server';
import { groupAction } from '~/utils/group-action.server';
import { fetchGroup, fetchGroupMembers, fetchJoinRequests } from '~/utils/groups.server';
import { groupsOn, isGroupsOff, tabFrom } from '~/utils/groups-page.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

const GROUP_PAGE_TABS = ['posts', 'members', 'requests', 'settings'] as const;
type GroupPageTab = (typeof GROUP_PAGE_TABS)[number];
function tabLabel(tab: GroupPageTab): string {
  switch (tab) {
    case 'posts':
      return groupScreenTexts.tabPosts;
    case 'members':
      return groupScreenTexts.tabMembers;
    case 'requests':
      return groupScreenTexts.tabRequests;
    case 'settings':
      return groupScreenTexts.tabSettings;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const title = loaded && loaded.state === 'ok' ? loaded.group.group_title : groupScreenTexts.title;
  return titleAndDescription(pageTitle(title, siteNameFromMatches(matches)));
};

export const shouldRevalidate = shouldRevalidatePage;

type Content =
  | { tab: 'posts'; posts: GroupPosts }
  | { tab: 'members'; members: PeoplePage<GroupMember> | null; error: string | null }
  | { tab: 'requests'; requests: PeoplePage<GroupRequest> | null; error: string | null }
  | { tab: 'settings' };

type GroupPageData = { state: 'off' } | { state: 'ok'; group: GroupDetail; me: number; now: number; content: Content };

/** The tabs this member may open: Requests for the owner and admins, Settings for the owner. */
function tabsFor(group: GroupDetail): GroupPageTab[] {
  return GROUP_PAGE_TABS.filter((tab) =>
    tab === 'requests' ? isReviewer(group.role) : tab === 'settings' ? group.role === 'owner' : true,
  );
}

/** A refusal for an outsider of a private group (403) locks the tab; any other failure is its text. */
const refusedAsOutsider = (error: unknown) => isApiError(error) && error.status === 403;
const failureText = (error: unknown) => (isClientError(error) ? error.message : groupTexts.loadFailed);

async function loadContent(request: Request, group: GroupDetail, tab: GroupPageTab, token: string | null): Promise<Content> {
  const groupId = group.group_id;
  switch (tab) {
    case 'posts':
      try {
        const page = await fetchPostList(request, { source: { kind: 'group', groupId } }, token);
        return { tab, posts: { state: 'ok', page } };
      } catch (error) {
        if (refusedAsOutsider(error)) return { tab, posts: { state: 'locked' } };
        return { tab, posts: { state: 'error', message: failureText(error) } };
      }
    case 'members':
      try {
        return { tab, members: await fetchGroupMembers(request, groupId, null, token), error: null };
      } catch (error) {
        return { tab, members: null, error: failureText(error) };
      }
    case 'requests':
      try {
        return { tab, requests: await fetchJoinRequests(request, groupId, null, token), error: null };
      } catch (error) {
        return { tab, requests: null, error: failureText(error) };
      }
    case 'settings':
      return { tab };
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  if (!(await groupsOn(request))) return data<GroupPageData>({ state: 'off' }, { headers });
  const groupId = Number(params.groupId);
  if (!Number.isSafeInteger(groupId) || groupId <= 0) return redirect('/not-found');

  let group: GroupDetail;
  try {
    group = await fetchGroup(request, groupId, token);
  } catch (error) {
    if (isGroupsOff(error)) return data<GroupPageData>({ state: 'off' }, { headers });
    if (isApiError(error) && error.status === 404) return redirect('/not-found');
    throw error;
  }
  const asked = tabFrom(new URL(request.url), GROUP_PAGE_TABS);
  const tab = tabsFor(group).includes(asked) ? asked : 'posts';
  const content = await loadContent(request, group, tab, token);
  return data<GroupPageData>({ state: 'ok', group, me: identity.userId, now: Date.now(), content }, { headers });
}

/** The group's own actions (membership, members, requests, settings); the page then reloads its data. */
export async function action({ request }: ActionFunctionArgs) {
  return groupAction(request);
}

export default function GroupPage() {
  const loaded = useLoaderData<typeof loader>();
  // A page without groups shows no times: any start will do.
  const now = useNow(loaded.state === 'ok' ? loaded.now : 0);
  if (loaded.state === 'off') return <GroupsOff />;
  const { group, content, me } = loaded;
  const tabs = tabsFor(group).map((tab) => ({
    id: tab,
    label: tabLabel(tab),
    to: `?tab=${tab}`,
    badge:
      tab === 'requests' && group.pendingRequests > 0 ? (
        <span className="rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white">
          {group.pendingRequests}
          <span className="sr-only"> {groupScreenTexts.waiting}</span>
        </span>
      ) : undefined,
  }));
  return (
    <section className="space-y-4">
      <GroupHeader group={group} />
      <TabBar label={groupScreenTexts.groupSections} current={content.tab} tabs={tabs} />
      {content.tab === 'posts' ? (
        <GroupPostsTab key={group.group_id} group={group} posts={content.posts} now={now} />
      ) : content.tab === 'members' ? (
        content.members ? (
          <GroupMembersTab group={group} me={me} first={content.members} />
        ) : (
          <Alert>{content.error}</Alert>
        )
      ) : content.tab === 'requests' ? (
        content.requests ? (
          <GroupRequestsTab group={group} first={content.requests} />
        ) : (
          <Alert>{content.error}</Alert>
        )
      ) : (
        <GroupSettingsTab group={group} />
      )}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
