/**
 * The admin tables' pagination (docs/product/admin.md): "Showing a–b of total", then First,
 * Previous, numbered pages with ellipses, Next, Last. Plain links to `?page=n` (the state is in the
 * URL), so it works before scripts load and the browser's back button pages back.
 */
import { adminScreenTexts as t } from '@kora/contracts';
import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { cn } from '~/utils/misc';
import { pageSlots, showingRange, withQuery } from './page-list';

const itemClasses = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-medium';

function PageLink({
  to,
  disabled,
  current,
  label,
  children,
}: {
  to: string;
  disabled?: boolean;
  current?: boolean;
  label?: string;
  children: ReactNode;
}) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={cn(itemClasses, 'cursor-not-allowed text-slate-400')}>
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      className={cn(itemClasses, current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100')}
    >
      {children}
    </Link>
  );
}

export function PageNumbers({
  page,
  totalPages,
  total,
  pageSize,
  shown,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
}) {
  const { search } = useLocation();
  const href = (n: number) => withQuery(search, { page: n });
  const { from, to } = showingRange(page, pageSize, shown, total);
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" data-showing>
        {t.showing(from, to, total)}
      </p>
      {totalPages > 1 ? (
        <nav aria-label={t.pagination} className="flex flex-wrap items-center justify-center gap-1">
          <PageLink to={href(1)} disabled={first}>
            {t.first}
          </PageLink>
          <PageLink to={href(page - 1)} disabled={first}>
            {t.previous}
          </PageLink>
          {pageSlots(page, totalPages).map((slot, index) =>
            slot === 'gap' ? (
              <span key={`gap-${index}`} aria-hidden="true" className={cn(itemClasses, 'text-slate-500')}>
                …
              </span>
            ) : (
              <PageLink key={slot} to={href(slot)} current={slot === page} label={t.pageNumber(slot)}>
                {slot}
              </PageLink>
            ),
          )}
          <PageLink to={href(page + 1)} disabled={last}>
            {t.next}
          </PageLink>
          <PageLink to={href(totalPages)} disabled={last}>
            {t.last}
          </PageLink>
        </nav>
      ) : null}
    </div>
  );
}
