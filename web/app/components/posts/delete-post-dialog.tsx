/** The confirmation before the author deletes a post. */
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
      title="Delete post?"
      description="The post, its likes and its comments will be gone for everyone. This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting…"
    />
  );
}
