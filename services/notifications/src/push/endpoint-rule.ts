/**
 * Which addresses a subscription may name (decision 042). The service posts to whatever endpoint a
 * member sends, so only a public push service's https address is taken: no plain http, no
 * localhost, no IP address and no single-label host (the cluster's own service names), so a member
 * cannot aim the service's requests at its neighbours. Tests that run a fake push service on the
 * loopback address turn the rule off (NOTIFICATIONS_PUSH_PRIVATE_ENDPOINTS), or, where the rule
 * itself is under test on the same product, let through that one service's origin
 * (NOTIFICATIONS_PUSH_TEST_ORIGIN).
 */
import { isIP } from 'node:net';

export function isPushEndpointAllowed(endpoint: string, allowPrivate: boolean, testOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (testOrigin !== undefined && url.origin === testOrigin) return true;
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return false;
  if (!host.includes('.') || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return false;
  return !host.endsWith('.internal') && !host.endsWith('.svc') && !host.includes('.svc.');
}
