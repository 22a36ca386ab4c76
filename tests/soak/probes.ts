/** One member-readable route per service: asked through the gateway while that service is down. */
export const PROBE_ROUTES: Record<string, string> = {
  auth: '/api/users/1',
  friends: '/api/friends/list',
  posts: '/api/posts?limit=1',
  media: '/api/media/videos/1',
  'stories-reels': '/api/stories',
  groups: '/api/groups',
  wallet: '/api/payments/transactions',
  settings: '/api/settings/privacy',
  notifications: '/api/notifications',
  admin: '/api/admin/stats',
};

export interface ProbeResult {
  status: number | null;
  ms: number;
  errorShape: boolean;
}

/** What the gateway answers for `path` while its upstream is down: a quick 503 in the error shape. */
export async function probeGateway(baseUrl: string, path: string, token: string): Promise<ProbeResult> {
  const started = performance.now();
  try {
    const res = await fetch(new URL(path, baseUrl), { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const errorShape = Boolean(
      body && typeof body.error === 'string' && typeof body.message === 'string' && typeof body.code === 'string' && !('stack' in body),
    );
    return { status: res.status, ms: performance.now() - started, errorShape };
  } catch {
    return { status: null, ms: performance.now() - started, errorShape: false };
  }
}

/** Held when the answer was a 503 in the error shape within `withinMs`. */
export const quick503 = (probe: ProbeResult, withinMs = 3_000): boolean => probe.status === 503 && probe.errorShape && probe.ms <= withinMs;
