import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '~/utils/misc';

/** "Nothing here yet": an icon in a soft circle, a line of text and an optional hint. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  className,
  titleAs: Title = 'p',
}: {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  className?: string;
  /** A heading when the empty state is all the page says (e.g. "Post not found"). */
  titleAs?: 'p' | 'h1' | 'h2';
}) {
  return (
    <div className={cn('px-6 py-12 text-center', className)}>
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-7" />
      </span>
      <Title className="mt-4 text-lg font-semibold text-slate-900">{title}</Title>
      {hint ? <p className="mx-auto mt-1 max-w-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}
