/**
 * The dashboard's counters (docs/product/admin.md: Users, Pending Users, Not Activated, Banned;
 * Posts is ours). A dash stands in for every number while the stats are on their way, and stays
 * there when they could not be loaded (the product logs that failure to the console only).
 */
import { adminScreenTexts as t, type AdminStats } from '@kora/contracts';
import { formatNumber } from '~/utils/dates';

const CARDS: { key: keyof Omit<AdminStats, 'daily'>; label: () => string }[] = [
  { key: 'totalUsers', label: () => t.statUsers },
  { key: 'pendingUsers', label: () => t.statPendingUsers },
  { key: 'notActivated', label: () => t.statNotActivated },
  { key: 'banned', label: () => t.statBanned },
  { key: 'posts', label: () => t.statPosts },
];

export function StatCards({ stats }: { stats: AdminStats | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t.counts}>
      {CARDS.map(({ key, label }) => (
        <li key={key} className="rounded-xl bg-white p-4 shadow-card" data-stat={key}>
          <p className="text-sm font-medium text-slate-500">{label()}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{stats ? formatNumber(stats[key]) : '-'}</p>
        </li>
      ))}
    </ul>
  );
}
