import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Avatar } from '~/components/avatar';
import { avatarSrc } from '~/utils/media';

/** A member or a join request: picture, name and @username (to their profile), then the row's actions. */
export function PersonRow({ person, children }: { person: { userId: number; username: string; displayName: string; profileImage: string }; children?: ReactNode }) {
  const name = person.displayName || person.username;
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Link to={`/profile/${person.userId}`} className="group flex min-w-0 grow basis-40 items-center gap-3">
        <Avatar name={name} src={avatarSrc(person.profileImage)} className="size-11" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900 group-hover:underline">{name}</span>
          <span className="block truncate text-sm text-slate-500">@{person.username}</span>
        </span>
      </Link>
      {children ? <div className="ml-auto flex shrink-0 items-center gap-2">{children}</div> : null}
    </li>
  );
}
