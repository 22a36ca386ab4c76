/**
 * An e-mail address in a narrow column: it may break only before the "@", and a part that is
 * still too long ends in an ellipsis (the whole address in the title), so no address is cut in the
 * middle of a word.
 */
export function splitEmail(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return at <= 0 ? { local: email, domain: '' } : { local: email.slice(0, at), domain: email.slice(at) };
}

export function EmailAddress({ email }: { email: string }) {
  const { local, domain } = splitEmail(email);
  return (
    <span data-email="" title={email} className="inline-flex min-w-0 max-w-full flex-wrap align-top">
      <span className="min-w-0 max-w-full truncate">{local}</span>
      {domain ? <span className="min-w-0 max-w-full truncate">{domain}</span> : null}
    </span>
  );
}
