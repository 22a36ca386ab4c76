/**
 * Every destination of the member menus, once: the left menu in the product's order and routes
 * (docs/product/navigation.md) and the small-screen drawer, which offers the product's own
 * entries first (Home, Profile, Friends, Messages, Notifications; Logout last) and then
 * everything the left menu offers, because the left menu is hidden on phones.
 */
import type { Feature, SiteInfo } from '@kora/contracts';
import {
  AwardIcon,
  BellIcon,
  BookmarkIcon,
  BookOpenIcon,
  CalendarIcon,
  ClockIcon,
  FlagIcon,
  FlameIcon,
  UsersRoundIcon,
  HistoryIcon,
  HouseIcon,
  MessageCircleIcon,
  NewspaperIcon,
  PackageIcon,
  PenLineIcon,
  SquarePlayIcon,
  SettingsIcon,
  ShoppingBagIcon,
  SparklesIcon,
  TagIcon,
  TvIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** A switchable feature the item belongs to: hidden while an admin has it turned off. */
  feature?: Feature;
}

export interface NavGroup {
  label: string;
  icon: LucideIcon;
  /** Path prefix whose pages belong to the group (keeps it expanded there). */
  prefix: string;
  children: NavItem[];
}

export type MenuEntry = NavItem | NavGroup;

export function isGroup(entry: MenuEntry): entry is NavGroup {
  return 'children' in entry;
}

/** News Feed: the left menu's first entry; the drawer's Home is the same page. */
const NEWS_FEED: NavItem = { label: 'News Feed', to: '/', icon: NewspaperIcon };

export const MAIN_MENU: MenuEntry[] = [
  NEWS_FEED,
  {
    label: 'Mine',
    icon: SparklesIcon,
    prefix: '/mine',
    children: [
      { label: 'Popular', to: '/mine/popular', icon: FlameIcon },
      { label: 'My Offers', to: '/mine/offers', icon: TagIcon },
      { label: 'My Blogs', to: '/mine/blogs', icon: PenLineIcon },
    ],
  },
  { label: 'Saved', to: '/saved', icon: BookmarkIcon },
  { label: 'Scheduled', to: '/scheduled', icon: ClockIcon },
  { label: 'Memories', to: '/memories', icon: HistoryIcon },
  { label: 'Packages', to: '/packages', icon: PackageIcon, feature: 'payments' },
];

export const EXPLORE_MENU: NavItem[] = [
  { label: 'People', to: '/friends', icon: UsersIcon },
  { label: 'Representative', to: '/representative', icon: AwardIcon },
  { label: 'Wallet', to: '/wallet', icon: WalletIcon, feature: 'payments' },
  { label: 'Pages', to: '/pages', icon: FlagIcon },
  { label: 'Groups', to: '/groups', icon: UsersRoundIcon, feature: 'groups' },
  { label: 'Events', to: '/events', icon: CalendarIcon },
  { label: 'Reels', to: '/reels', icon: SquarePlayIcon, feature: 'reels' },
  { label: 'Watch', to: '/watch', icon: TvIcon },
  { label: 'Blogs', to: '/blogs', icon: BookOpenIcon },
  { label: 'Offers', to: '/offers', icon: ShoppingBagIcon },
];

export const SETTINGS_ITEM: NavItem = { label: 'Settings', to: '/settings', icon: SettingsIcon };

/** Whether an entry shows while the admin's feature switches are as given (groups always show). */
export function isShown(entry: MenuEntry, features: SiteInfo['features']): boolean {
  return isGroup(entry) || !entry.feature || features[entry.feature];
}

/** The product's drawer entries (docs/product/navigation.md): Profile is the member's own page by plain id. */
export function drawerSpecItems(userId: number): NavItem[] {
  return [
    { label: 'Home', to: NEWS_FEED.to, icon: HouseIcon },
    { label: 'Profile', to: `/profile/${userId}`, icon: UserIcon },
    { label: 'Friends', to: '/friends', icon: UsersIcon },
    { label: 'Messages', to: '/messages', icon: MessageCircleIcon },
    { label: 'Notifications', to: '/notifications', icon: BellIcon },
  ];
}

export interface NavSection {
  heading: string;
  items: NavItem[];
}

/**
 * The left menu's entries as the drawer lists them: flat (a group's children in its place, no
 * expanding on a phone), News Feed left out because the drawer's Home is that page, the items the
 * switches hide left out, Settings last.
 */
export function drawerMenuSections(features: SiteInfo['features']): NavSection[] {
  const flat = (entries: MenuEntry[]) =>
    entries
      .filter((entry) => isShown(entry, features))
      .flatMap((entry) => (isGroup(entry) ? entry.children : [entry]))
      .filter((item) => item !== NEWS_FEED && isShown(item, features));
  return [
    { heading: 'Main', items: flat(MAIN_MENU) },
    { heading: 'Explore', items: flat(EXPLORE_MENU) },
    { heading: 'Account', items: [SETTINGS_ITEM] },
  ];
}
