/**
 * Fixed sample data for the right panel. The spec says the whole panel is sample data with no
 * server call (member-side §2 "Right panel", §3 "Sample data").
 */

export interface SuggestedFriend {
  id: number;
  name: string;
  /** Picture URL; null shows the initials placeholder. */
  avatar: string | null;
  mutual: number;
}

export interface TrendingTag {
  tag: string;
  count: number;
}

export interface ProEntry {
  name: string;
  avatar: string | null;
}

export const PRO_USERS: ProEntry[] = [
  { name: 'Chiamaka Obi', avatar: null },
  { name: 'Tunde Bakare', avatar: null },
  { name: 'Aisha Bello', avatar: null },
  { name: 'Emeka Nwosu', avatar: null },
  { name: 'Zainab Yusuf', avatar: null },
];

export const PRO_PAGES: ProEntry[] = [
  { name: 'Lagos Foodies', avatar: null },
  { name: 'Naija Tech Hub', avatar: null },
  { name: 'Abuja Events', avatar: null },
  { name: 'Afrobeats Daily', avatar: null },
  { name: 'Kano Crafts', avatar: null },
];

export const TRENDING_TAGS: TrendingTag[] = [
  { tag: 'AfrobeatsFriday', count: 24_800 },
  { tag: 'LagosTraffic', count: 12_400 },
  { tag: 'NaijaTech', count: 8_930 },
  { tag: 'JollofWars', count: 5_210 },
  { tag: 'SuperEagles', count: 3_870 },
];

export const SUGGESTED_FRIENDS: SuggestedFriend[] = [
  { id: 101, name: 'Ngozi Eze', avatar: null, mutual: 12 },
  { id: 102, name: 'Ibrahim Musa', avatar: null, mutual: 8 },
  { id: 103, name: 'Funmi Adeyemi', avatar: null, mutual: 5 },
  { id: 104, name: 'Chidi Okeke', avatar: null, mutual: 3 },
];
