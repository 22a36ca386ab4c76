/**
 * The dashboard's counters (docs/product/admin.md: Users, Pending Users, Not Activated, Banned;
 * Posts is ours). A dash stands in for every number while the stats are on their way, and stays
 * there when they could not be loaded (the product logs that failure to the console only).
 */
import type { AdminStats } from '@kora/contracts';

const CARDS: { key: keyof Omit<AdminStats, 'daily'>; label: string }[] = [
  { key: 'totalUsers', label: 'Users' },
  { key: 'pendingUsers', label: 'Pending Users' },
  { key: 'notActivated', label: 'Not Activated' },
  { key: 'banned', label: 'Banned' },
  { key: 'posts', label: 'Posts' },
];

const numberFormat = new Intl.NumberFormat('en-NG');

export function StatCards({ stats }: { stats: AdminStats | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Counts">
      {CARDS.map(({ key, label }) => (
        <li key={key} className="rounded-xl bg-white p-4 shadow-card" data-stat={key}>
          <p className="text-sm font-medium text-slate-500">{label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{stats ? numberFormat.format(stats[key]) : '-'}</p>
        </li>
      ))}
    </ul>
  );
}
