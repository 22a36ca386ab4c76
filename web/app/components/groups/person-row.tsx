import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Avatar } from '~/components/avatar';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';

/** A member or a join request: picture, name and @username (to their profile), then the row's actions. */
export function PersonRow({
  person,
  children,
}: {
  person: { userId: number; username: string; name: string; profileImage: string };
  children?: ReactNode;
}) {
  const { name } = person;
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Link to={`/profile/${person.userId}`} className="group flex min-w-0 grow basis-40 items-center gap-3">
        <Avatar name={name} src={avatarSrc(person.profileImage)} className="size-11" />
        <MemberName
          name={name}
          username={person.username}
          withHandle
          stacked
          className="items-start"
          nameClassName="group-hover:underline"
        />
      </Link>
      {children ? <div className="ml-auto flex shrink-0 items-center gap-2">{children}</div> : null}
    </li>
  );
}
