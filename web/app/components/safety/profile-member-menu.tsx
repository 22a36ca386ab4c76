/**
 * The "…" menu beside another member's friend button on their profile: Mute / Unmute (decision 037)
 * above Block (decision 036). The fetcher lives here, outside the menu's content, so its answer
 * arrives after the menu closed.
 */
import { MemberMenu } from './member-menu';
import { MuteMenuItem } from './mute-menu-item';
import { useMuteMember } from './use-mute-member';

export function ProfileMemberMenu({ userId, name }: { userId: number; name: string }) {
  const mute = useMuteMember(userId);
  return <MemberMenu target={{ userId, name }} className="border border-slate-200" items={<MuteMenuItem mute={mute} />} />;
}
