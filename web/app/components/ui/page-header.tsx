import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';

/**
 * The title card of a list page (Saved Posts, On This Day, Notifications), with an optional action on
 * the right. The title keeps room for a word like "Notifications" (basis-40): where the action does
 * not fit beside it (a 375 px phone) the action wraps to a line of its own instead of clipping it.
 */
export function PageHeader({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-6" />
      </span>
      <div className="min-w-0 grow basis-40">
        <h1 className="break-words text-xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children ? <div className="text-sm text-slate-600">{children}</div> : null}
      </div>
      {action ? <div className="ml-auto">{action}</div> : null}
    </Card>
  );
}
