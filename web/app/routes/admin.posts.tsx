/**
 * /admin/posts (docs/product/admin.md; decision 024: reports). The filter, search and page size are
 * in the URL (changing any starts again at page 1); the table's row actions post to this route's
 * action and the list reloads after. The Reported filter shows the open reports grouped by item
 * instead of posts. A failed load shows "Failed to load posts"; a refused action "Action failed"
 * with the server's text.
 */
import {
  adminPostsQuery,
  adminScreenTexts,
  adminTexts,
  type AdminPostList,
  type AdminReportGroup,
  type AdminPost,
  type PostVisibilityAction,
} from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { readQuery } from '~/components/admin/admin-query';
import { PageNumbers } from '~/components/admin/page-numbers';
import { parsePostsAction } from '~/components/admin/posts/post-actions';
import { PostsTable } from '~/components/admin/posts/posts-table';
import { PostsToolbar } from '~/components/admin/posts/posts-toolbar';
import { ReportsList } from '~/components/admin/posts/reports-list';
import type { RowActionData } from '~/components/admin/row-action';
import { adminMeta } from '~/components/admin/title';
import { LoadError } from '~/components/ui/load-error';
import { requireAdmin } from '~/utils/admin.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { closeReport, fetchAdminPosts, fetchOpenReports, setPostVisibility } from '~/utils/moderation.server';

export const meta = adminMeta(() => adminScreenTexts.posts);

type Page<T> = Omit<AdminPostList, 'items'> & { items: T[] };
type LoaderData = {
  query: ReturnType<typeof adminPostsQuery.parse>;
  posts: Page<AdminPost> | null;
  reports: Page<AdminReportGroup> | null;
  error: string | null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireAdmin(request);
  const query = readQuery(adminPostsQuery, new URL(request.url));
  const answer = (body: LoaderData) => data(body, { headers });
  try {
    if (query.status === 'reported') {
      const reports = await fetchOpenReports(request, token, { page: query.page, limit: query.limit });
      return answer({ query, posts: null, reports, error: null });
    }
    const posts = await fetchAdminPosts(request, token, query);
    return answer({ query, posts, reports: null, error: null });
  } catch (error) {
    console.error(adminTexts.loadPostsFailed, error instanceof Error ? error.message : error);
    return answer({ query, posts: null, reports: null, error: adminTexts.loadPostsFailed });
  }
}

/** The toast after a row's action, read when answered (in the admin's language). */
function doneText(action: PostVisibilityAction): string {
  switch (action) {
    case 'remove':
      return adminScreenTexts.postRemoved;
    case 'restore':
      return adminScreenTexts.postRestored;
    case 'shadow':
      return adminScreenTexts.postShadowHidden;
    case 'unshadow':
      return adminScreenTexts.postVisibleAgain;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireAdmin(request, { resource: true });
  const reply = (body: RowActionData, status = 200) => data<RowActionData>(body, { status, headers });
  const parsed = parsePostsAction(await request.formData());
  if (!parsed.ok) return reply(parsed, 400);
  const act = parsed.data;
  try {
    if (act.intent === 'visibility') {
      await setPostVisibility(request, token, act.id, act.action);
      return reply({ ok: true, message: doneText(act.action) });
    }
    const closed = await closeReport(request, token, act.id, act.body);
    return reply({ ok: true, message: closed.status === 'dismissed' ? adminScreenTexts.reportDismissed : adminScreenTexts.reportResolved });
  } catch (error) {
    return reply({ ok: false, error: errorMessage(error, adminTexts.tryAgain) }, errorStatus(error));
  }
}

export default function AdminPosts() {
  const { query, posts, reports, error } = useLoaderData<typeof loader>();
  const list = posts ?? reports;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.posts}</h1>
      <PostsToolbar
        key={`${query.status}|${query.search}|${query.limit}`}
        status={query.status}
        search={query.search}
        limit={query.limit}
      />
      {error ? <LoadError message={error} /> : null}
      {posts ? <PostsTable posts={posts.items} /> : null}
      {reports ? <ReportsList groups={reports.items} /> : null}
      {list ? (
        <PageNumbers page={query.page} totalPages={list.totalPages} total={list.total} pageSize={query.limit} shown={list.items.length} />
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
