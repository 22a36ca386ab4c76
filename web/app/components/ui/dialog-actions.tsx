/**
 * The footer of a form dialog: Cancel (closes without saving) and a submit button, by default Save
 * ("Saving…" while busy). Both wait while busy; `disabled` also holds the submit button back.
 */
import { uiTexts } from '@kora/contracts';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { SubmitButton } from '~/components/ui/submit-button';

export interface DialogActionsProps {
  busy: boolean;
  onCancel: () => void;
  submitLabel?: ReactNode;
  busyLabel?: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
}

export function DialogActions({
  busy,
  onCancel,
  submitLabel = uiTexts.save,
  busyLabel = uiTexts.saving,
  variant,
  disabled,
}: DialogActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {uiTexts.cancel}
      </Button>
      <SubmitButton variant={variant} busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
