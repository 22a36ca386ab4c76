/**
 * The left menu, in the spec's order (member-side §2 "Left menu"), with the routes from the
 * spec's route list. The small-screen drawer has its own short list (see mobile-drawer.tsx).
 */
import type { Feature } from '@kora/contracts';
import {
  BadgeIcon,
  BookmarkIcon,
  BookOpenIcon,
  CalendarIcon,
  ClockIcon,
  FlagIcon,
  FlameIcon,
  GroupIcon,
  HistoryIcon,
  NewspaperIcon,
  PackageIcon,
  PenIcon,
  ReelIcon,
  SettingsIcon,
  ShoppingBagIcon,
  SparklesIcon,
  TagIcon,
  TvIcon,
  UsersIcon,
  WalletIcon,
  type IconComponent,
} from '~/components/icons';

export interface NavItem {
  label: string;
  to: string;
  icon: IconComponent;
  /** A switchable feature the item belongs to: hidden while an admin has it turned off. */
  feature?: Feature;
}

export interface NavGroup {
  label: string;
  icon: IconComponent;
  /** Path prefix whose pages belong to the group (keeps it expanded there). */
  prefix: string;
  children: NavItem[];
}

export type MenuEntry = NavItem | NavGroup;

export function isGroup(entry: MenuEntry): entry is NavGroup {
  return 'children' in entry;
}

export const MAIN_MENU: MenuEntry[] = [
  { label: 'News Feed', to: '/', icon: NewspaperIcon },
  {
    label: 'Mine',
    icon: SparklesIcon,
    prefix: '/mine',
    children: [
      { label: 'Popular', to: '/mine/popular', icon: FlameIcon },
      { label: 'My Offers', to: '/mine/offers', icon: TagIcon },
      { label: 'My Blogs', to: '/mine/blogs', icon: PenIcon },
    ],
  },
  { label: 'Saved', to: '/saved', icon: BookmarkIcon },
  { label: 'Scheduled', to: '/scheduled', icon: ClockIcon },
  { label: 'Memories', to: '/memories', icon: HistoryIcon },
  { label: 'Packages', to: '/packages', icon: PackageIcon, feature: 'payments' },
];

export const EXPLORE_MENU: NavItem[] = [
  { label: 'People', to: '/friends', icon: UsersIcon },
  { label: 'Representative', to: '/representative', icon: BadgeIcon },
  { label: 'Wallet', to: '/wallet', icon: WalletIcon, feature: 'payments' },
  { label: 'Pages', to: '/pages', icon: FlagIcon },
  { label: 'Groups', to: '/groups', icon: GroupIcon, feature: 'groups' },
  { label: 'Events', to: '/events', icon: CalendarIcon },
  { label: 'Reels', to: '/reels', icon: ReelIcon, feature: 'reels' },
  { label: 'Watch', to: '/watch', icon: TvIcon },
  { label: 'Blogs', to: '/blogs', icon: BookOpenIcon },
  { label: 'Offers', to: '/offers', icon: ShoppingBagIcon },
];

export const SETTINGS_ITEM: NavItem = { label: 'Settings', to: '/settings', icon: SettingsIcon };
