/**
 * Export CSV / Export JSON: fetches /admin/users/export (the app streams it from the gateway with
 * the admin's cookie) and hands the file to the browser as users.csv or users.json, toasting
 * "Export prepared", or "Export failed" with the server's reason. Fetch rather than a plain link so
 * a failure can be told instead of downloading an error page.
 */
import { adminScreenTexts, adminTexts, type ExportFormat } from '@kora/contracts';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { errorTextOf } from '~/utils/resource-json';
import type { UsersQuery } from './users-query';

function exportUrl(query: UsersQuery, format: ExportFormat): string {
  const params = new URLSearchParams({ format, sort: query.sort, dir: query.dir });
  if (query.search) params.set('search', query.search);
  return `/admin/users/export?${params}`;
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButtons({ query }: { query: UsersQuery }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const response = await fetch(exportUrl(query, format), { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' });
      if (!response.ok) {
        const reason = errorTextOf(await response.json().catch(() => null));
        toast({ title: adminTexts.exportFailed, description: reason ?? undefined, variant: 'error' });
        return;
      }
      download(await response.blob(), `users.${format}`);
      toast({ title: adminTexts.exportPrepared, description: `users.${format}`, variant: 'success' });
    } catch {
      toast({ title: adminTexts.exportFailed, variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => void run('csv')} disabled={busy !== null} aria-busy={busy === 'csv' || undefined}>
        {adminScreenTexts.exportCsv}
      </Button>
      <Button variant="secondary" onClick={() => void run('json')} disabled={busy !== null} aria-busy={busy === 'json' || undefined}>
        {adminScreenTexts.exportJson}
      </Button>
    </div>
  );
}
