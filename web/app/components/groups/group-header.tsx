/**
 * The top of a group's page: the cover picture (or a gradient with the title's initial), the
 * title, its privacy and member count, and the membership button.
 */
import { type GroupDetail, memberCount } from '@kora/contracts';
import { Card } from '~/components/ui/card';
import { GroupPicture } from './group-picture';
import { MembershipButton } from './membership-button';
import { PrivacyLabel } from './privacy-label';

export function GroupHeader({ group }: { group: GroupDetail }) {
  return (
    <Card className="overflow-hidden">
      <GroupPicture title={group.group_title} picture={group.group_picture} className="aspect-[3/1] w-full" initialClassName="text-6xl" />
      <div className="flex flex-wrap items-end gap-3 p-4">
        <div className="min-w-0 grow basis-48">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{group.group_title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <PrivacyLabel privacy={group.privacy} />
            <span aria-hidden="true">·</span>
            <span>{memberCount(group.group_members)}</span>
          </p>
        </div>
        {/* The page reloads after every action (revalidation), so the answer needs no applying here. */}
        <MembershipButton group={group} role={group.role} className="min-w-36" />
      </div>
      {group.group_description ? (
        <p className="whitespace-pre-wrap break-words border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
          {group.group_description}
        </p>
      ) : null}
    </Card>
  );
}
