/** Small path helpers shared by the hooks, so they all classify a request the same way. */

/** The path part of a request URL, as sent (not decoded): the routing table matches raw paths. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export const WEBSOCKET_PATH = '/ws';

/** Methods that change state; cookies on these need the CSRF check. */
export function isUnsafeMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
