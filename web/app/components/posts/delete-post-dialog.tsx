/** The confirmation before the author deletes a post. */
import { postScreenTexts as texts } from '@kora/contracts';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';

export function DeletePostDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      {...props}
      title={texts.deleteTitle}
      description={texts.deleteDescription}
      confirmLabel={texts.delete}
      busyLabel={texts.deleting}
    />
  );
}
