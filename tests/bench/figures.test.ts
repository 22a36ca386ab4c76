import { describe, expect, it } from 'vitest';
import { missingFigures } from './figures.js';
import type { Scenario } from './scenario.js';

const row = (name: string, extra: Partial<Scenario> = {}): Scenario => ({
  name,
  rps: 120,
  p50_ms: 3.1,
  p90_ms: 5,
  p99_ms: 9.9,
  errors: 0,
  requests: 120,
  ...extra,
});

describe("the bench's figures check", () => {
  it('passes a report with every row and figure as finite numbers', () => {
    const report = {
      scenarios: [row('feed'), row('feed-sql', { notes: { warmup_s: 1, protocol: 'prepared' } })],
      plan: { name: 'feed' as const, text: 'Limit  (cost=0.1..2.0 rows=20)' },
    };
    expect(missingFigures({ rows: ['feed', 'feed-sql'], figures: ['plan'] }, report)).toEqual([]);
  });

  it('names a missing row, a figure that is no finite number, an empty plan and failed requests', () => {
    const report = {
      scenarios: [row('feed', { p99_ms: NaN, errors: 2 }), row('feed-200rps', { notes: { cpu_ms_per_request_posts: Infinity } })],
      plan: { name: 'feed' as const, text: ' ' },
    };
    expect(missingFigures({ rows: ['feed', 'feed-200rps', 'feed-sql'], figures: ['plan'] }, report)).toEqual([
      'no feed-sql row',
      'feed: p99_ms is NaN',
      'feed: 2 failed',
      'feed-200rps: notes.cpu_ms_per_request_posts is Infinity',
      'an empty query plan',
    ]);
  });

  it('counts a row that measured nothing, a figure that is no number and one left out', () => {
    const report = {
      scenarios: [row('like-to-socket', { requests: 0 })],
      gateway: {
        rounds: [{ direct: 900, gateway: 0 }],
        ratios: { gateway_vs_direct: 0, nginx_vs_direct: 0.8, bare_proxy_vs_direct: 0.7, gateway_vs_bare_proxy: NaN },
      },
    };
    expect(missingFigures({ rows: ['like-to-socket'], figures: ['gateway', 'reelVideoRatio'] }, report)).toEqual([
      'like-to-socket: measured no request',
      'gateway.ratios.gateway_vs_bare_proxy is NaN',
      'no reelVideoRatio',
    ]);
  });
});
