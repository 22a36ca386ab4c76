/** "Are you sure?" before an action that cannot be undone (delete a post, unfriend). */
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';

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

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
}: ConfirmDialogProps) {
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
        <DialogActions busy={busy} onCancel={() => onOpenChange(false)} variant="danger" submitLabel={confirmLabel} busyLabel={busyLabel} />
      </form>
    </Modal>
  );
}
