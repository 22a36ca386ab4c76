/**
 * Security tab: the member's sessions (device, IP, last seen), each with Revoke. Revoking the
 * session of this browser signs the member out (the action does that).
 */
import { deviceLabel, securityTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { formatDateTime, timeAgo } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { MemberSession, SecurityActionData } from './security';

// One fetcher shared by every row: a revoked row disappears when the list reloads, so the answer
// (and its toast) must be handled by something that outlives the row.
const REVOKE_FETCHER = 'revoke-session';

/** `sessions` is null when they could not be loaded; `now` is the loader's clock for "last seen". */
export function SessionsCard({ sessions, now }: { sessions: MemberSession[] | null; now: number }) {
  const revoke = useFetcher<SecurityActionData>({ key: REVOKE_FETCHER });
  const { toast } = useToast();

  useFetcherResult(revoke, (answer) => {
    if (answer.intent !== 'revoke') return;
    if (answer.ok) toast({ title: securityTexts.revoked, variant: 'success' });
    else toast({ title: securityTexts.revokeFailed, variant: 'error' });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{securityTexts.sessionsTitle}</CardTitle>
      </CardHeader>
      <CardBody>
        {sessions === null ? (
          <Alert>{securityTexts.fetchSessionsFailed}</Alert>
        ) : sessions.length === 0 ? (
          <p className="text-slate-500">{securityTexts.noSessions}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{securityTexts.sessionsCaption}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold sm:px-2">
                    {securityTexts.device}
                  </th>
                  <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">
                    {securityTexts.ip}
                  </th>
                  <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">
                    {securityTexts.lastSeen}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold sm:px-2">
                    <span className="sr-only">{securityTexts.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sessions.map((session) => (
                  <SessionRow key={session.id} session={session} now={now} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function SessionRow({ session, now }: { session: MemberSession; now: number }) {
  const fetcher = useFetcher<SecurityActionData>({ key: REVOKE_FETCHER });
  const device = deviceLabel(session.userAgent);
  const lastSeen = timeAgo(session.lastSeen, now);
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('id') === session.id;

  return (
    <tr className={cn(busy && 'opacity-60')} data-session-id={session.id}>
      <td className="px-4 py-3 align-top sm:px-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900" title={session.userAgent}>
            {device}
          </span>
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{securityTexts.thisDevice}</span>
          ) : null}
        </div>
        {/* Phones: IP and last seen under the device instead of in their own columns. */}
        <p className="mt-0.5 text-xs text-slate-500 sm:hidden">
          {session.ip} · <span title={formatDateTime(session.lastSeen)}>{lastSeen}</span>
        </p>
      </td>
      <td className="hidden px-2 py-3 align-top text-slate-700 sm:table-cell">{session.ip}</td>
      <td className="hidden px-2 py-3 align-top text-slate-700 sm:table-cell">
        <time dateTime={session.lastSeen} title={formatDateTime(session.lastSeen)}>
          {lastSeen}
        </time>
      </td>
      <td className="px-4 py-3 text-right align-top sm:px-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={session.id} />
          <SubmitButton
            variant="secondary"
            size="sm"
            busy={busy}
            className="whitespace-nowrap"
            aria-label={session.current ? securityTexts.revokeThisLabel(device, lastSeen) : securityTexts.revokeLabel(device, lastSeen)}
          >
            {securityTexts.revoke}
          </SubmitButton>
        </fetcher.Form>
      </td>
    </tr>
  );
}
