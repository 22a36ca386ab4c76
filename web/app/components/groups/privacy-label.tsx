import { groupPrivacyLabels, type GroupPrivacy } from '@kora/contracts';
import { GlobeIcon, LockIcon } from 'lucide-react';
import { cn } from '~/utils/misc';

/** "Public group" / "Private group" with its icon. */
export function PrivacyLabel({ privacy, className }: { privacy: GroupPrivacy; className?: string }) {
  const Icon = privacy === 'private' ? LockIcon : GlobeIcon;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <Icon className="size-3.5" />
      {groupPrivacyLabels[privacy]}
    </span>
  );
}
