/** "Mute" / "Unmute" in a member's menus (a post's "…" menu, the profile's menu): decision 037. */
import { safetyTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { VolumeXIcon, Volume2Icon } from 'lucide-react';
import { menuItemClasses } from '~/components/ui/menu';
import type { useMuteMember } from './use-mute-member';

export function MuteMenuItem({ mute }: { mute: ReturnType<typeof useMuteMember> }) {
  return (
    <DropdownMenu.Item className={menuItemClasses} disabled={mute.busy} onSelect={() => mute.toggle()}>
      {mute.muted ? <Volume2Icon className="text-slate-600" /> : <VolumeXIcon className="text-slate-600" />}
      {mute.muted ? safetyTexts.unmute : safetyTexts.mute}
    </DropdownMenu.Item>
  );
}
