/**
 * The tabs of the admin Settings and Profile pages. The open tab is URL state (`?tab=email`), so a
 * reload or a shared link opens the same tab; each tab is a link (works before scripts load).
 */
import { Link } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { cn } from '~/utils/misc';

export function tabFrom<T extends string>(params: URLSearchParams, tabs: readonly T[]): T {
  const asked = params.get('tab');
  return tabs.find((tab) => tab === asked) ?? tabs[0]!;
}

export function AdminTabs<T extends string>({
  tabs,
  tabLabel,
  current,
  label,
  children,
}: {
  tabs: readonly T[];
  /** A tab's name, read at render (in the page's language). */
  tabLabel: (tab: T) => string;
  current: T;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-slate-300">
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={`?tab=${tab}`}
            replace
            preventScrollReset
            role="tab"
            id={`${id}-${tab}`}
            aria-selected={current === tab}
            aria-controls={current === tab ? `${id}-panel` : undefined}
            className={cn(
              '-mb-px inline-flex shrink-0 items-center border-b-[3px] px-3 pb-2 pt-1 text-sm font-semibold',
              current === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tabLabel(tab)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current}`}>
        {children}
      </div>
    </div>
  );
}
