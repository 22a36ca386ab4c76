/**
 * A URL fit for a log: the values of query parameters that carry secrets (a socket client's
 * `?access_token=`, a link's code) replaced. Logs are read by more people, and kept longer, than
 * tokens live. Its own module with no dependencies, so every process that logs requests (the
 * gateway, the services, the web server) uses this one: `@kora/platform/redact-url`.
 */
const SECRET_QUERY_PARAMETER = /([?&](?:access_token|refresh_token|token|code|otp)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]') : url;
}
