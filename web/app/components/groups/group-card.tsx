/**
 * A group on the Groups page (docs/product/groups.md): picture (or the title's initial), title,
 * member count ("1,284 members"), the description clamped to a few lines, its privacy, and the
 * membership button. The card keeps its own copy of the group: a join or leave applies the answer
 * in place.
 */
import { type GroupItem, groupScreenTexts as texts, type GroupTab, memberCount } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Card } from '~/components/ui/card';
import { GroupPicture } from './group-picture';
import { MembershipButton } from './membership-button';
import { PrivacyLabel } from './privacy-label';

export function GroupCard({ group: fromPage, tab }: { group: GroupItem; tab: GroupTab }) {
  const [group, setGroup] = useState(fromPage);
  useEffect(() => setGroup(fromPage), [fromPage]);
  const link = `/groups/${group.group_id}`;
  // My Groups lists the groups the member owns; other tabs do not say who owns a group.
  const role = tab === 'mine' ? 'owner' : null;

  return (
    <Card role="article" aria-label={group.group_title} className="flex w-full min-w-0 flex-col overflow-hidden">
      <Link to={link} tabIndex={-1} aria-hidden="true" className="block">
        <GroupPicture title={group.group_title} picture={group.group_picture} className="aspect-[16/9] w-full" />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="break-words text-base font-semibold leading-snug text-slate-900">
          <Link to={link} className="hover:underline">
            {group.group_title}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span>{memberCount(group.group_members)}</span>
          <span aria-hidden="true">·</span>
          <PrivacyLabel privacy={group.privacy} />
          {role === 'owner' ? (
            <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold leading-5 text-brand-700">{texts.owner}</span>
          ) : null}
        </p>
        {group.group_description ? <p className="line-clamp-3 break-words text-sm text-slate-700">{group.group_description}</p> : null}
        <div className="mt-auto pt-3">
          <MembershipButton group={group} role={role} onChange={setGroup} className="w-full" />
        </div>
      </div>
    </Card>
  );
}
