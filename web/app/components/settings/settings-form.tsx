/**
 * One tab's form: its fields, one Save button, and the product's toasts (docs/product/settings.md):
 * "Your settings were updated successfully" on success; "Something went wrong. Please try again."
 * on failure, with what failed under it. Refused fields show their text beside the field
 * (`children` gets them).
 */
import { settingsTexts, uiTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { SaveActionData, SaveIntent } from './tabs';

/** The tab whose save reloaded the page, kept across the reload so its toast comes after it. */
const SAVED_BEFORE_RELOAD = 'kora.settings.saved-before-reload';

/** Whether `intent`'s save reloaded the page just now (answered once). */
function tookSavedBeforeReload(intent: SaveIntent): boolean {
  try {
    if (sessionStorage.getItem(SAVED_BEFORE_RELOAD) !== intent) return false;
    sessionStorage.removeItem(SAVED_BEFORE_RELOAD);
    return true;
  } catch {
    return false;
  }
}

function reloadAfterSave(intent: SaveIntent): void {
  try {
    sessionStorage.setItem(SAVED_BEFORE_RELOAD, intent);
  } catch {
    // Not kept (storage refused): the page still comes back with what was saved, without the toast.
  }
  window.location.reload();
}

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

  // A new language or time zone reloads the page: its "saved" toast is shown after, in the new language.
  useEffect(() => {
    if (tookSavedBeforeReload(intent)) toast({ title: settingsTexts.saved, variant: 'success' });
  }, [intent, toast]);

  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== intent) return;
    if (answer.ok && answer.reload) reloadAfterSave(intent);
    else if (answer.ok) toast({ title: settingsTexts.saved, variant: 'success' });
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
            <SubmitButton busy={busy} busyLabel={uiTexts.saving}>
              {uiTexts.save}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}
