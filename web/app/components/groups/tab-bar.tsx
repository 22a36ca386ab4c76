/**
 * A row of tabs kept in the URL (`?tab=`): links, so a reload or a shared link opens the same tab.
 * Narrow padding on phones lets the group tabs fit 375 px; a row that still does not fit scrolls
 * sideways instead of widening the page.
 */
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { cn } from '~/utils/misc';

export interface TabLink {
  id: string;
  label: string;
  to: string;
  badge?: ReactNode;
}

export function TabBar({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-slate-300">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          replace
          preventScrollReset
          role="tab"
          aria-selected={tab.id === current}
          className={cn(
            '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-[3px] px-2 pb-2 pt-1 text-sm font-semibold sm:px-3',
            tab.id === current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {tab.label}
          {tab.badge}
        </Link>
      ))}
    </div>
  );
}
