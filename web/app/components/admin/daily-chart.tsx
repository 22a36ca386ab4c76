/**
 * Sign-ups and posts per day over the last 30 days, drawn by hand in SVG (no chart library: the
 * admin chunk stays small). Two lines share one y axis scaled to the larger series; the axes are
 * labelled, the SVG has a <title> and <desc>, and the same numbers are in a table that screen
 * readers read and anyone can open under "Show as table".
 */
import { adminScreenTexts as t, type AdminStats } from '@kora/contracts';
import { useId } from 'react';
import { dateFormat, formatNumber } from '~/utils/dates';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 36, left: 44 };

const SERIES = [
  { key: 'signups', label: () => t.signups, colour: '#0a7d4f' },
  { key: 'posts', label: () => t.posts, colour: '#2563eb' },
] as const;

/** A round upper bound for the y axis (1, 2, 5 × 10ⁿ), at least 1 so a flat zero line still draws. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** "27 Nov" from a YYYY-MM-DD day, in the page's language (read as that calendar day, whatever the viewer's zone). */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dateFormat({ day: 'numeric', month: 'short' }, true).format(new Date(Date.UTC(y!, m! - 1, d)));
}

export function DailyChart({ daily }: { daily: AdminStats['daily'] }) {
  const titleId = useId();
  const descId = useId();
  const max = niceMax(Math.max(0, ...daily.flatMap((d) => [d.signups, d.posts])));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (daily.length <= 1 ? plotW / 2 : (i / (daily.length - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const totals = { signups: daily.reduce((n, d) => n + d.signups, 0), posts: daily.reduce((n, d) => n + d.posts, 0) };
  const first = daily[0];
  const last = daily[daily.length - 1];
  const ticks = [0, max / 2, max];

  return (
    <figure className="rounded-xl bg-white p-4 shadow-card">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">{t.chartCaption(daily.length)}</span>
        <span className="flex gap-4 text-sm text-slate-600">
          {SERIES.map((s) => (
            <span key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: s.colour }} />
              {s.label()} ({formatNumber(totals[s.key])})
            </span>
          ))}
        </span>
      </figcaption>
      {/* On a phone the chart keeps a readable size and scrolls sideways inside its card. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus, or keyboard users cannot scroll it */}
      <div tabIndex={0} role="region" aria-labelledby={titleId} className="-mx-4 mt-3 overflow-x-auto px-4">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="h-auto w-full min-w-[520px]">
          <title id={titleId}>{t.chartTitle}</title>
          <desc id={descId}>
            {first && last ? t.chartSummary(shortDay(first.day), shortDay(last.day), totals.signups, totals.posts) : t.noData}
          </desc>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-200 dark:stroke-slate-700" />
              <text
                x={PAD.left - 8}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize="11"
                className="fill-current text-slate-500"
              >
                {Number.isInteger(t) ? t : t.toFixed(1)}
              </text>
            </g>
          ))}
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#94a3b8" />
          {first ? (
            <text x={x(0)} y={HEIGHT - 14} textAnchor="start" fontSize="11" className="fill-current text-slate-500">
              {shortDay(first.day)}
            </text>
          ) : null}
          {last && daily.length > 1 ? (
            <text x={x(daily.length - 1)} y={HEIGHT - 14} textAnchor="end" fontSize="11" className="fill-current text-slate-500">
              {shortDay(last.day)}
            </text>
          ) : null}
          <text x={PAD.left + plotW / 2} y={HEIGHT - 2} textAnchor="middle" fontSize="11" className="fill-current text-slate-600">
            {t.day}
          </text>
          <text
            transform={`translate(12 ${PAD.top + plotH / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize="11"
            className="fill-current text-slate-600"
          >
            {t.count}
          </text>
          {SERIES.map((s) => (
            <polyline
              key={s.key}
              data-series={s.key}
              fill="none"
              stroke={s.colour}
              strokeWidth={2}
              strokeLinejoin="round"
              points={daily.map((d, i) => `${x(i).toFixed(1)},${y(d[s.key]).toFixed(1)}`).join(' ')}
            />
          ))}
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">{t.showAsTable}</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  {t.day}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t.signups}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t.posts}
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {shortDay(d.day)}
                  </th>
                  <td className="py-1 tabular-nums">{d.signups}</td>
                  <td className="py-1 tabular-nums">{d.posts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
