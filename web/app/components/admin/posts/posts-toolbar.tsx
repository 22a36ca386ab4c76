/**
 * The posts screen's controls (docs/product/admin.md): the status filter (All, Visible,
 * Shadow-hidden, Deleted, and ours, Reported), the search box ("Search content/author") and the
 * page size (10/20/50/100). A GET form, so the state is the URL's and it works before scripts load;
 * with scripts a select applies at once. The form carries no page: any change starts at page 1.
 */
import { ADMIN_POST_FILTERS, adminScreenTexts as t, adminTexts, type AdminPostFilter } from '@kora/contracts';
import { Form, useSubmit } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/input';
import { PageSizeField, adminSelectClasses } from '~/components/admin/page-size-field';

/** A filter's name, read at render (in the page's language). */
export function postFilterLabel(filter: AdminPostFilter): string {
  switch (filter) {
    case 'all':
      return t.all;
    case 'visible':
      return t.filterVisible;
    case 'shadow':
      return t.shadowHidden;
    case 'deleted':
      return t.deleted;
    case 'reported':
      return t.reported;
  }
}

export function PostsToolbar({ status, search, limit }: { status: AdminPostFilter; search: string; limit: number }) {
  const submit = useSubmit();
  const apply = (form: HTMLFormElement | null) => form && submit(form, { preventScrollReset: true });
  return (
    <Form method="get" role="search" aria-label={t.filterPosts} className="flex flex-wrap items-end gap-3">
      <label className="space-y-1">
        <span className="block text-xs font-medium text-slate-600">{t.status}</span>
        <select name="status" defaultValue={status} className={adminSelectClasses} onChange={(e) => apply(e.currentTarget.form)}>
          {ADMIN_POST_FILTERS.map((value) => (
            <option key={value} value={value}>
              {postFilterLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 flex-1 basis-56 space-y-1">
        <span className="block text-xs font-medium text-slate-600">{t.search}</span>
        <input
          type="search"
          name="search"
          defaultValue={search}
          placeholder={adminTexts.searchPostsPlaceholder}
          aria-label={adminTexts.searchPostsPlaceholder}
          className={inputClasses}
        />
      </label>
      <PageSizeField limit={limit} />
      <Button type="submit" className="h-11">
        {t.search}
      </Button>
    </Form>
  );
}
