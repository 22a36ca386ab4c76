/**
 * The users table's controls (docs/product/admin.md: search box, sort by, direction, Search, page
 * size). A GET form: it writes the state into the URL, and has no page field, so any change starts
 * at page 1 (docs/product/admin.md). The selects apply at once when scripts run; without them the
 * Search button applies them.
 */
import { ADMIN_USER_SORTS, SORT_DIRECTIONS, adminScreenTexts as t, adminTexts } from '@kora/contracts';
import { Form, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import { SearchIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/input';
import { directionLabel, sortLabel, type UsersQuery } from './users-query';
import { PageSizeField, adminSelectClasses } from '~/components/admin/page-size-field';

export function UsersToolbar({ query }: { query: UsersQuery }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = () => {
    if (form.current) submit(form.current, { preventScrollReset: true });
  };
  return (
    // key: a back/forward navigation puts the URL's values back into the fields.
    <Form ref={form} method="get" role="search" aria-label={t.users} className="flex flex-wrap items-end gap-2" key={JSON.stringify(query)}>
      <label className="min-w-0 grow basis-56">
        <span className="sr-only">{t.search}</span>
        <input
          type="search"
          name="search"
          defaultValue={query.search}
          placeholder={adminTexts.searchUsersPlaceholder}
          maxLength={200}
          className={inputClasses}
        />
      </label>
      <label>
        <span className="sr-only">{t.sortBy}</span>
        <select name="sort" defaultValue={query.sort} onChange={apply} className={adminSelectClasses} aria-label={t.sortBy}>
          {ADMIN_USER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabel(sort)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t.direction}</span>
        <select name="dir" defaultValue={query.dir} onChange={apply} className={adminSelectClasses} aria-label={t.direction}>
          {SORT_DIRECTIONS.map((dir) => (
            <option key={dir} value={dir}>
              {directionLabel(dir)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" className="h-11">
        <SearchIcon className="size-4" />
        {t.search}
      </Button>
      <PageSizeField limit={query.limit} visibleLabel={false} />
    </Form>
  );
}
