/**
 * The names of the session cookies. The web server sets them at sign-in (httpOnly, Lax, path /),
 * the gateway reads the access token from them, and API clients that are not browsers send the
 * same token as a bearer header instead.
 */
/** The short-lived access token (a JWT the gateway verifies). */
export const ACCESS_TOKEN_COOKIE = 'kora_at';
/** The rotating refresh token (opaque; only the web server's session code reads it). */
export const REFRESH_TOKEN_COOKIE = 'kora_rt';
