import type { ReactNode } from 'react';
import type { IconComponent } from '~/components/icons';
import { Card } from '~/components/ui/card';

/** The title card of a list page (Saved Posts, On This Day, Notifications), with an optional action on the right. */
export function PageHeader({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: IconComponent;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children ? <div className="text-sm text-slate-600">{children}</div> : null}
      </div>
      {action}
    </Card>
  );
}
