/**
 * /groups (docs/product/groups.md): tabs Discover, Joined Groups and My Groups (`?tab=`), a search
 * box (`?q=`, sent as the member types), and the tab's groups as cards, a page at a time (cursor
 * from 0, "Load more", "You've reached the end", "No data to show"). "Create group" opens a dialog.
 * While an admin has groups turned off the page says so instead. Signed out → /login.
 */
import { GROUP_TABS, groupLimits, groupScreenTexts as texts, type GroupTab, groupTabLabels, groupTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { GroupGrid, type GroupsPage } from '~/components/groups/group-grid';
import { GroupsOff } from '~/components/groups/groups-off';
import { GroupsSearch } from '~/components/groups/groups-search';
import { TabBar } from '~/components/groups/tab-bar';
import { UsersRoundIcon, PenLineIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { PageHeader } from '~/components/ui/page-header';
import { useToast } from '~/components/ui/toast';
import { isClientError } from '~/utils/api.server';
import { fetchGroupList } from '~/utils/groups.server';
import { groupsOn, isGroupsOff, tabFrom } from '~/utils/groups-page.server';
import { isGroupAction, shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

const CreateGroupDialog = lazyComponent(() => import('~/components/groups/create-group-dialog').then((m) => m.CreateGroupDialog));

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.title, siteNameFromMatches(matches)));

/** Cards apply their own join and leave answers; reloading the tab would drop the pages loaded since. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isGroupAction(args.formAction) ? false : shouldRevalidatePage(args);
}

type GroupsData =
  | { state: 'off' }
  | { state: 'ok'; tab: GroupTab; q: string; page: GroupsPage }
  | { state: 'error'; tab: GroupTab; q: string; message: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  if (!(await groupsOn(request))) return data<GroupsData>({ state: 'off' }, { headers });
  const url = new URL(request.url);
  const tab = tabFrom(url, GROUP_TABS);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, groupLimits.maxQueryLength);
  try {
    const page = await fetchGroupList(request, { tab, q, cursor: groupLimits.firstCursor }, token);
    return data<GroupsData>({ state: 'ok', tab, q, page }, { headers });
  } catch (error) {
    if (isGroupsOff(error)) return data<GroupsData>({ state: 'off' }, { headers });
    const message = isClientError(error) ? error.message : groupTexts.loadFailed;
    return data<GroupsData>({ state: 'error', tab, q, message }, { headers });
  }
}

function tabLink(tab: GroupTab, q: string): string {
  const params = new URLSearchParams({ tab });
  if (q) params.set('q', q);
  return `?${params}`;
}

export default function GroupsPage() {
  const loaded = useLoaderData<typeof loader>();
  const [creating, setCreating] = useState(false);
  const { toast } = useToast();
  const failed = loaded.state === 'error' ? loaded : null;

  // The product's toast for a list that did not load, beside the text in the page.
  useEffect(() => {
    if (failed) toast({ title: groupTexts.loadFailedToast, description: failed.message, variant: 'error' });
  }, [failed, toast]);

  if (loaded.state === 'off') return <GroupsOff />;
  return (
    <section className="space-y-4">
      <PageHeader
        icon={UsersRoundIcon}
        title={texts.title}
        action={
          <Button onClick={() => setCreating(true)}>
            <PenLineIcon className="size-4" />
            {texts.createGroup}
          </Button>
        }
      />
      <Card className="space-y-3 p-4 pb-0">
        <GroupsSearch tab={loaded.tab} q={loaded.q} />
        <TabBar
          label={texts.groupLists}
          current={loaded.tab}
          tabs={GROUP_TABS.map((tab) => ({ id: tab, label: groupTabLabels[tab], to: tabLink(tab, loaded.q) }))}
        />
      </Card>
      {loaded.state === 'error' ? (
        <Alert>{loaded.message}</Alert>
      ) : (
        <GroupGrid key={`${loaded.tab}:${loaded.q}`} first={loaded.page} tab={loaded.tab} q={loaded.q} />
      )}
      <OnceOpened open={creating}>
        <CreateGroupDialog open={creating} onOpenChange={setCreating} />
      </OnceOpened>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
