// The address the product is served on, for links in mails: PUBLIC_URL when given, else the local
// gateway's port. (The admin's site URL, when set, wins over both: the auth service decides that.)
// Without this a product started with PORT=18080 mailed links to :8080, which refused them.
export function publicUrlFor(port, env = process.env) {
  return env.PUBLIC_URL || `http://localhost:${port}`;
}
