/**
 * One tab's form: its fields, one Save button, and the product's toasts (docs/product/settings.md):
 * "Your settings were updated successfully" on success; "Something went wrong. Please try again."
 * on failure, with what failed under it. Refused fields show their text beside the field
 * (`children` gets them).
 */
import { settingsTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { SaveActionData, SaveIntent } from './tabs';

export function SettingsForm({
  intent,
  title,
  children,
}: {
  intent: SaveIntent;
  title: string;
  children: (fieldErrors: Record<string, string>) => ReactNode;
}) {
  const fetcher = useFetcher<SaveActionData>({ key: intent });
  const { toast } = useToast();
  const busy = fetcher.state !== 'idle';

  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== intent) return;
    if (answer.ok) toast({ title: settingsTexts.saved, variant: 'success' });
    else toast({ title: settingsTexts.failed, description: answer.error, variant: 'error' });
  });

  const fieldErrors = fetcher.data && !fetcher.data.ok && !busy ? fetcher.data.fieldErrors : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardBody>
        <fetcher.Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value={intent} />
          {children(fieldErrors)}
          <div className="flex justify-end pt-2">
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save
            </SubmitButton>
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}
