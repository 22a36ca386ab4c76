/** People on /friends: a grid of cards, each with the member's picture, name and @username (to their profile) and an action. */
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Avatar } from '~/components/avatar';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';

export function PeopleGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {children}
    </ul>
  );
}

export function PersonCard({
  userId,
  name,
  username,
  image,
  detail,
  online,
  verified = false,
  children,
}: {
  userId: number;
  /** Shows the green online dot on the picture. */
  online?: boolean;
  /** The display name (the card's accessible name and the picture's). */
  name: string;
  username: string;
  /** An active Pro package: the verified badge beside the name. */
  verified?: boolean;
  image: string;
  /** A line under the name (e.g. mutual friends). */
  detail?: string;
  /** The card's action (Add Friend, a menu…). */
  children?: ReactNode;
}) {
  return (
    <li aria-label={name} className="flex min-w-0 flex-col items-center gap-2 rounded-xl border border-slate-200 p-3 text-center">
      <Link to={`/profile/${userId}`} className="group flex w-full min-w-0 flex-col items-center gap-2">
        <Avatar name={name} src={avatarSrc(image)} className="size-16 text-lg" online={online} />
        <MemberName
          name={name}
          username={username}
          withHandle
          stacked
          verified={verified}
          className="items-center text-sm"
          nameClassName="group-hover:underline"
        />
      </Link>
      {detail ? <p className="-mt-1 text-xs text-slate-500">{detail}</p> : null}
      {children ? <div className="mt-auto w-full">{children}</div> : null}
    </li>
  );
}
