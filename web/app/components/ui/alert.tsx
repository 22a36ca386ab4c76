import type { ReactNode } from 'react';
import { cn } from '~/utils/misc';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-700',
  success: 'border-brand-200 bg-brand-50 text-brand-800',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
};

/**
 * A message about a form: errors are role=alert (announced at once), successes and notices
 * role=status (announced politely). Render it only when there is something to say, so screen
 * readers announce the message when it appears.
 */
export function Alert({
  tone = 'error',
  children,
  className,
  id,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border px-3 py-2 text-sm', tones[tone], className)}>
      {children}
    </div>
  );
}
