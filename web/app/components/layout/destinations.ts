/**
 * Every destination of the member menus, once: the left menu in the product's order and routes
 * (docs/product/navigation.md) and the small-screen drawer, which offers the product's own
 * entries first (Home, Profile, Friends, Messages, Notifications; Logout last) and then
 * everything the left menu offers, because the left menu is hidden on phones.
 */
import { shellTexts, type Feature, type ShellText, type SiteInfo } from '@kora/contracts';
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

/**
 * An item whose label is read when shown, in the page's language (decision 045): the menus are
 * module constants, which a plain string would freeze in the language they were built in.
 */
function item(text: ShellText, to: string, icon: LucideIcon, feature?: Feature): NavItem {
  return {
    get label() {
      return shellTexts[text];
    },
    to,
    icon,
    ...(feature ? { feature } : {}),
  };
}

/** News Feed: the left menu's first entry; the drawer's Home is the same page. */
const NEWS_FEED: NavItem = item('newsFeed', '/', NewspaperIcon);

export const MAIN_MENU: MenuEntry[] = [
  NEWS_FEED,
  {
    get label() {
      return shellTexts.mine;
    },
    icon: SparklesIcon,
    prefix: '/mine',
    children: [
      item('popular', '/mine/popular', FlameIcon),
      item('myOffers', '/mine/offers', TagIcon),
      item('myBlogs', '/mine/blogs', PenLineIcon),
    ],
  },
  item('saved', '/saved', BookmarkIcon),
  item('scheduled', '/scheduled', ClockIcon),
  item('memories', '/memories', HistoryIcon),
  item('packages', '/packages', PackageIcon, 'payments'),
];

export const EXPLORE_MENU: NavItem[] = [
  item('people', '/friends', UsersIcon),
  item('representative', '/representative', AwardIcon),
  item('wallet', '/wallet', WalletIcon, 'payments'),
  item('pages', '/pages', FlagIcon),
  item('groups', '/groups', UsersRoundIcon, 'groups'),
  item('events', '/events', CalendarIcon),
  item('reels', '/reels', SquarePlayIcon, 'reels'),
  item('watch', '/watch', TvIcon),
  item('blogs', '/blogs', BookOpenIcon),
  item('offers', '/offers', ShoppingBagIcon),
];

export const SETTINGS_ITEM: NavItem = item('settings', '/settings', SettingsIcon);

/** Whether an entry shows while the admin's feature switches are as given (groups always show). */
export function isShown(entry: MenuEntry, features: SiteInfo['features']): boolean {
  return isGroup(entry) || !entry.feature || features[entry.feature];
}

/** The product's drawer entries (docs/product/navigation.md): Profile is the member's own page by plain id. */
export function drawerSpecItems(userId: number): NavItem[] {
  return [
    item('home', NEWS_FEED.to, HouseIcon),
    item('profile', `/profile/${userId}`, UserIcon),
    item('friends', '/friends', UsersIcon),
    item('messages', '/messages', MessageCircleIcon),
    item('notifications', '/notifications', BellIcon),
  ];
}

export interface NavSection {
  /** Stable across languages (element ids). */
  id: 'main' | 'explore' | 'account';
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
    { id: 'main', heading: shellTexts.sectionMain, items: flat(MAIN_MENU) },
    { id: 'explore', heading: shellTexts.sectionExplore, items: flat(EXPLORE_MENU) },
    { id: 'account', heading: shellTexts.sectionAccount, items: [SETTINGS_ITEM] },
  ];
}
