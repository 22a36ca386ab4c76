/**
 * The Pro package's verified badge beside a member's name (decision 023): a filled check seal that
 * screen readers read as "Verified" (role img with a label; the title shows it on hover too).
 */
import { perkTexts } from '@kora/contracts';
import { cn } from '~/utils/misc';

export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label={perkTexts.verified}
      data-verified-badge=""
      className={cn('inline-block size-4 shrink-0 align-[-0.125em] text-sky-500', className)}
    >
      <title>{perkTexts.verified}</title>
      <path
        fill="currentColor"
        d="M12 1.5 14.6 3.4l3.2-.1 1 3 2.7 1.9-1 3 1 3-2.7 1.9-1 3-3.2-.1L12 22.5 9.4 20.6l-3.2.1-1-3L2.5 15.8l1-3-1-3 2.7-1.9 1-3 3.2.1Z"
      />
      <path d="m8 12.2 2.7 2.7L16.2 9.4" fill="none" stroke="white" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
