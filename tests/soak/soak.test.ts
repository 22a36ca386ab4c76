/** The soak's pure parts: its configuration, request tally, expected notifications, checks' comparisons and report. */
import { describe, expect, it } from 'vitest';
import { AcceptedWrites, expectedNotifications } from './accepted.js';
import { notificationProblems, tagProblems } from './checks.js';
import { ALL_FAULTS, soakConfig } from './config.js';
import { quick503 } from './probes.js';
import { formatTable, soakPassed, type FaultRow } from './report.js';
import { RequestTally } from './tally.js';
import { pickAction } from './workload.js';

describe('soak configuration', () => {
  it('runs every fault by default: each service, the gateway, the servers and a transcode', () => {
    const config = soakConfig({});
    expect(config.faults).toEqual(ALL_FAULTS);
    expect(config.faults).toEqual(
      expect.arrayContaining(['posts', 'notifications', 'gateway', 'kafka', 'redis', 'postgres', 'video-worker']),
    );
    expect(config.faultSeconds).toBeGreaterThan(0);
  });

  it('takes the faults, in order, and the figures from the environment', () => {
    const config = soakConfig({ SOAK_FAULTS: 'postgres, posts', SOAK_FAULT_SECONDS: '3', SOAK_MEMBERS: '5', SOAK_SOCKETS: '9' });
    expect(config).toMatchObject({ faults: ['postgres', 'posts'], faultSeconds: 3, members: 5, socketMembers: 5 });
  });

  it('refuses an unknown fault and a bad number', () => {
    expect(() => soakConfig({ SOAK_FAULTS: 'posts,mongo' })).toThrow(/unknown fault\(s\) mongo/);
    expect(() => soakConfig({ SOAK_FAULT_SECONDS: '-1' })).toThrow(/SOAK_FAULT_SECONDS must be a positive number/);
  });
});

describe('request tally', () => {
  it('counts 5xx and no answer as failed, 4xx as answered, and names the failing routes', () => {
    const tally = new RequestTally();
    const before = tally.snapshot();
    tally.record({ status: 201, method: 'POST', path: '/api/posts' });
    tally.record({ status: 409, method: 'POST', path: '/api/friends/requests' });
    tally.record({ status: 503, method: 'POST', path: '/api/posts/12/react' });
    tally.record({ status: 503, method: 'POST', path: '/api/posts/13/react' });
    tally.record({ status: null, method: 'GET', path: '/api/posts?limit=20' });
    expect(RequestTally.since(before, tally.snapshot())).toEqual({ ok: 2, failed: 3 });
    expect(tally.topFailures()).toEqual(['2× 503 POST /api/posts/:id/react', '1× no answer GET /api/posts']);
  });
});

describe('accepted writes', () => {
  it('tries each like once, even unanswered (a retry would toggle it off)', () => {
    const writes = new AcceptedWrites();
    expect(writes.claimLike(1, 2)).toBe(true);
    expect(writes.claimLike(1, 2)).toBe(false);
    expect(writes.claimLike(1, 3)).toBe(true);
  });

  it('expects one notification per like and request, one per comment, none for your own post', () => {
    const writes = new AcceptedWrites();
    writes.likes.push({ postId: 1, userId: 2, authorId: 1 }, { postId: 1, userId: 1, authorId: 1 });
    writes.comments.push({ id: 5, postId: 1, userId: 2, authorId: 1, tag: 'a' }, { id: 6, postId: 1, userId: 2, authorId: 1, tag: 'b' });
    writes.requests.push({ id: 7, fromUserId: 3, toUserId: 1 });
    expect(Object.fromEntries(expectedNotifications(writes))).toEqual({
      'post_like:1:2': 1,
      'post_comment:1:2': 2,
      'friend_request:7:3': 1,
    });
  });
});

describe('check comparisons', () => {
  it('finds a write lost, stored twice, or stored under another id', () => {
    const accepted = [
      { id: 1, tag: 'kept' },
      { id: 2, tag: 'lost' },
      { id: 3, tag: 'doubled' },
      { id: 4, tag: 'moved' },
    ];
    const stored = [
      { id: 1, tag: 'kept' },
      { id: 3, tag: 'doubled' },
      { id: 9, tag: 'doubled' },
      { id: 8, tag: 'moved' },
    ];
    expect(tagProblems(accepted, stored)).toEqual([
      'lost (id 2) stored 0 time(s)',
      'doubled (id 3) stored 2 time(s) as 3,9',
      'moved (id 4) stored 1 time(s) as 8',
    ]);
  });

  it('finds notifications missing or doubled', () => {
    const expected = new Map([
      ['post_like:1:2', 1],
      ['post_comment:1:2', 2],
      ['friend_request:7:3', 1],
    ]);
    const stored = new Map([
      ['post_like:1:2', 2],
      ['post_comment:1:2', 2],
    ]);
    expect(notificationProblems(expected, stored)).toEqual([
      'post_like:1:2: 2 notification(s), expected 1',
      'friend_request:7:3: 0 notification(s), expected 1',
    ]);
  });

  it('wants a quick 503 in the error shape from the gateway while an upstream is down', () => {
    expect(quick503({ status: 503, ms: 20, errorShape: true })).toBe(true);
    expect(quick503({ status: 503, ms: 9_000, errorShape: true })).toBe(false);
    expect(quick503({ status: 503, ms: 20, errorShape: false })).toBe(false);
    expect(quick503({ status: null, ms: 15_000, errorShape: false })).toBe(false);
  });
});

describe('workload mix', () => {
  it('picks every action somewhere in [0, 1)', () => {
    const seen = new Set(Array.from({ length: 1000 }, (_, i) => pickAction(i / 1000)));
    expect([...seen].sort()).toEqual(['accept', 'comment', 'feed', 'friend', 'like', 'post', 'story', 'topup']);
  });
});

describe('report', () => {
  const rows: FaultRow[] = [
    { fault: 'posts', requests: 400, failed: 120, recoverSeconds: 9.84, failedChecks: [], checks: 14 },
    { fault: 'kafka', requests: 500, failed: 3, recoverSeconds: null, failedChecks: ['outboxes published'], checks: 13 },
  ];

  it('prints one row per fault with the failed requests, the recovery and the checks', () => {
    const table = formatTable(rows).split('\n');
    expect(table[0]).toMatch(/^\| fault +\| requests \| failed \| recovered in \| checks +\|$/);
    expect(table[2]).toMatch(/^\| posts +\| 400 +\| 120 +\| 9\.8 s +\| 14\/14 held/);
    expect(table[3]).toMatch(/\| never +\| FAILED: outboxes published/);
  });

  it('passes only when every fault recovered and every check held', () => {
    expect(soakPassed([rows[0]!])).toBe(true);
    expect(soakPassed(rows)).toBe(false);
    expect(soakPassed([{ ...rows[0]!, failedChecks: ['ledger balanced'] }])).toBe(false);
  });
});
