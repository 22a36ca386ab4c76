/**
 * The posts table (docs/product/admin.md: Post, Author, Likes, Comments, Actions). Each row's
 * actions follow its flags: Remove or Restore by isDeleted, Shadow or Unshadow by isShadowHidden;
 * each is a small form posted to the page's action (PUT /api/admin/posts/{id}/visibility), after
 * which the list reloads. On phones each row is a block with its cells labelled, rather than a
 * table to scroll sideways.
 */
import { adminScreenTexts as t, adminTexts, type AdminPost, type PostVisibilityAction } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { useRowAction } from '../row-action';

const cell = 'block px-3 py-1 md:table-cell md:py-3 md:align-top';
/** The column's name before the value, on phones only. */
const labelled = 'before:mr-2 before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

function Flags({ post }: { post: AdminPost }) {
  const flags = [
    post.isDeleted ? { text: t.deleted, tone: 'bg-red-100 text-red-800' } : null,
    post.isShadowHidden ? { text: t.shadowHidden, tone: 'bg-amber-100 text-amber-900' } : null,
    post.reportCount > 0 ? { text: t.reportedTimes(post.reportCount), tone: 'bg-orange-100 text-orange-900' } : null,
  ].filter((flag) => flag !== null);
  if (flags.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span key={flag.text} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', flag.tone)}>
          {flag.text}
        </span>
      ))}
    </span>
  );
}

function ActionButton({ post, action, label, danger }: { post: AdminPost; action: PostVisibilityAction; label: string; danger?: boolean }) {
  const { Form, busy } = useRowAction();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t.actionOnPost(label, post.id)}
        className={buttonClasses(danger ? 'danger' : 'secondary', 'sm')}
      >
        {label}
      </button>
    </Form>
  );
}

export function PostsTable({ posts }: { posts: AdminPost[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="block w-full text-sm md:table">
        <thead className="hidden bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2.5">
              {t.post}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.author}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              {t.likes}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              {t.comments}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.actions}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">
          {posts.map((post) => (
            <tr key={post.id} data-post-row={post.id} className="block py-2 md:table-row md:py-0">
              <td className={cn(cell, 'md:w-1/2')}>
                <Link to={`/posts/${post.id}`} className="line-clamp-3 break-words text-slate-900 hover:underline">
                  {post.content || <span className="italic text-slate-500">{t.noText}</span>}
                </Link>
                <span className="block text-xs text-slate-500">
                  #{post.id} · {formatDateTime(post.createdAt)}
                </span>
                <Flags post={post} />
              </td>
              <td className={cn(cell, labelled)} data-label={t.author}>
                <Link to={`/profile/${post.authorId}`} className="font-medium text-slate-800 hover:underline">
                  {post.authorUsername}
                </Link>
              </td>
              <td className={cn(cell, labelled, 'md:text-right')} data-label={t.likes}>
                {post.likeCount}
              </td>
              <td className={cn(cell, labelled, 'md:text-right')} data-label={t.comments}>
                {post.commentCount}
              </td>
              <td className={cell}>
                <div className="flex flex-wrap gap-2">
                  {post.deletedBy === 'author' ? (
                    <span className="self-center text-xs text-slate-600">{t.deletedByAuthor}</span>
                  ) : post.isDeleted ? (
                    <ActionButton post={post} action="restore" label={t.restore} />
                  ) : (
                    <ActionButton post={post} action="remove" label={t.remove} danger />
                  )}
                  {post.isShadowHidden ? (
                    <ActionButton post={post} action="unshadow" label={t.unshadow} />
                  ) : (
                    <ActionButton post={post} action="shadow" label={t.shadow} />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {posts.length === 0 ? <p className="px-4 py-10 text-center text-slate-600">{adminTexts.noPosts}</p> : null}
    </div>
  );
}
