/** "Are you sure?" before an action that cannot be undone (delete a post, unfriend). */
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { SubmitButton } from '~/components/ui/submit-button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busyLabel, busy, error, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))} title={title} description={description}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton variant="danger" busy={busy} busyLabel={busyLabel}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
