import { uiTexts } from '@kora/contracts';
import { cn } from '~/utils/misc';

/** Announced to screen readers as "Loading" (role=status is a polite live region). */
export function Spinner({ className, label = uiTexts.loading }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)}>
      <svg viewBox="0 0 24 24" className="size-6 animate-spin text-brand-600" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.2" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
