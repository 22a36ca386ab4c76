/** The footer of a form dialog: Cancel (closes without saving) and Save (submits, "Saving…" while busy). */
import { Button } from '~/components/ui/button';
import { SubmitButton } from '~/components/ui/submit-button';

export function DialogActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save
      </SubmitButton>
    </div>
  );
}
