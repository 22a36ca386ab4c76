/**
 * How a member is named everywhere (decision 025, "One display name"): the display name
 * (contracts' `displayName`: first and last name, else the username) in bold, the verified badge of
 * a Pro member after it, and `@username` beside it in muted text where telling two Adas apart helps.
 * Both halves truncate on a narrow screen instead of pushing the card wider; the name gives way
 * last. Only the name is a link (one tab stop per member).
 */
import { Link } from '@remix-run/react';
import { VerifiedBadge } from '~/components/verified-badge';
import { cn } from '~/utils/misc';

/**
 * The handle shown beside `name`, or null: only when asked for, and never when the name already is
 * the username (a member without names), which would say the same thing twice.
 */
export function shownHandle(name: string, username: string, withHandle: boolean): string | null {
  if (!withHandle || username === '' || name.trim().toLowerCase() === username.toLowerCase()) return null;
  return `@${username}`;
}

export function MemberName({
  name,
  username,
  withHandle = false,
  to,
  verified = false,
  stacked = false,
  className,
  nameClassName,
}: {
  name: string;
  username: string;
  /** Show `@username` beside (or, `stacked`, under) the name. */
  withHandle?: boolean;
  /** Where the name links to (usually the member's profile); plain text without it. */
  to?: string;
  /** An active Pro package: the verified badge after the name. */
  verified?: boolean;
  /** The handle on its own line under the name (cards, the profile header; align it with `className`). */
  stacked?: boolean;
  className?: string;
  /** Size and weight of the name itself (bold by default). */
  nameClassName?: string;
}) {
  const handle = shownHandle(name, username, withHandle);
  const nameClasses = cn('truncate font-semibold text-slate-900', to && 'hover:underline', nameClassName);
  return (
    <span data-member-name="" className={cn('inline-flex min-w-0 max-w-full', stacked ? 'flex-col' : 'items-center gap-1', className)}>
      {/* The name keeps its width (up to the whole line) and the handle is cut first. */}
      <span className="inline-flex min-w-0 max-w-full shrink-0 items-center gap-1">
        {to ? (
          <Link to={to} className={nameClasses}>
            {name}
          </Link>
        ) : (
          <span className={nameClasses}>{name}</span>
        )}
        {verified ? <VerifiedBadge /> : null}
      </span>
      {handle ? (
        <span data-member-handle="" className="min-w-0 max-w-full truncate font-normal text-slate-500">
          {handle}
        </span>
      ) : null}
    </span>
  );
}
