/**
 * Only same-site paths may be used as a post-login destination; anything else (absolute URLs,
 * protocol-relative `//evil.example`, backslash tricks) falls back to `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a safe path must not hold
  if (to.startsWith('//') || to.startsWith('/\\') || /[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}

/** `/login`, remembering where the visitor was going unless that was the home page. */
export function loginPath(from: URL): string {
  const target = `${from.pathname}${from.search}`;
  if (target === '/' || from.pathname === '/login') return '/login';
  return `/login?${new URLSearchParams({ redirectTo: target })}`;
}
