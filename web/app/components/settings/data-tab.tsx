/**
 * Settings → Your data (decision 035): what the member's archive is doing and "Request an archive".
 * While it is being prepared the tab looks again every few seconds, so the download link appears
 * without a reload. The link is the API's own (the gateway passes the member's cookie to media).
 */
import { archiveTexts, type ArchiveStatus } from '@kora/contracts';
import { useFetcher, useRevalidator } from '@remix-run/react';
import { DownloadIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { formatDateTime } from '~/utils/dates';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { ArchiveActionData } from './tabs';

const POLL_MS = 4000;

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** `status` is null when it could not be loaded; `now` is the loader's clock. */
export function DataTab({ status, now }: { status: ArchiveStatus | null; now: number }) {
  const fetcher = useFetcher<ArchiveActionData>();
  const revalidator = useRevalidator();
  const { toast } = useToast();

  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== 'request-archive') return;
    if (answer.ok) toast({ title: archiveTexts.requested, variant: 'success' });
    else toast({ title: answer.error, variant: 'error' });
  });

  const preparing = status?.state === 'preparing';
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);

  const nextAt = status?.nextRequestAt ? Date.parse(status.nextRequestAt) : null;
  const canRequest = status !== null && !preparing && (nextAt === null || nextAt <= now);
  const busy = fetcher.state !== 'idle';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{archiveTexts.heading}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4 text-sm text-slate-700">
        <p>{archiveTexts.intro}</p>
        {status === null ? (
          <Alert>{archiveTexts.failed}</Alert>
        ) : (
          <div role="status" aria-live="polite" className="space-y-2 rounded-lg bg-slate-50 p-3" data-testid="archive-state">
            {status.state === 'ready' && status.downloadUrl ? (
              <>
                <p className="font-semibold text-slate-900">{archiveTexts.ready}</p>
                <a href={status.downloadUrl} download className={buttonClasses('primary', 'md', 'inline-flex items-center gap-2')}>
                  <DownloadIcon className="size-4" aria-hidden="true" />
                  {archiveTexts.download}
                  {status.bytes !== null ? <span className="font-normal">({formatBytes(status.bytes)})</span> : null}
                </a>
                {status.expiresAt ? <p className="text-slate-500">{archiveTexts.expiresAt(formatDateTime(status.expiresAt))}</p> : null}
              </>
            ) : (
              <p>{archiveTexts[status.state]}</p>
            )}
            {status.nextRequestAt && !canRequest && !preparing ? (
              <p className="text-slate-500">{archiveTexts.nextRequestAt(formatDateTime(status.nextRequestAt))}</p>
            ) : null}
          </div>
        )}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="request-archive" />
          <SubmitButton busy={busy} disabled={!canRequest}>
            {archiveTexts.request}
          </SubmitButton>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}
