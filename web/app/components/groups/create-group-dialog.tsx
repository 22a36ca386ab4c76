/**
 * "Create group": a dialog with the group's fields. The action checks them with the contracts'
 * schemas first (every refused field shown beside itself), then the API; on success the member
 * goes to the new group's page.
 */
import { groupScreenTexts as texts } from '@kora/contracts';
import { useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { GROUPS_RESOURCE } from './types';
import { GroupFields } from './group-fields';
import { useGroupAction } from './use-group-action';

const EMPTY = { title: '', description: '', privacy: 'public', picture: null } as const;

export function CreateGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const action = useGroupAction((answer) => {
    onOpenChange(false);
    if (answer.group) navigate(`/groups/${answer.group.group_id}`);
  });
  const errors = action.failure?.fieldErrors ?? {};
  const formError = action.failure && Object.keys(errors).length === 0 ? (action.failure.reason ?? action.failure.error) : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (action.busy ? undefined : onOpenChange(next))}
      title={texts.createGroup}
      className="max-w-lg"
    >
      <action.fetcher.Form method="post" action={GROUPS_RESOURCE} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        {formError ? <Alert>{formError}</Alert> : null}
        <GroupFields initial={EMPTY} errors={errors} onUploadingChange={setUploading} />
        <DialogActions
          busy={action.busy}
          disabled={uploading}
          onCancel={() => onOpenChange(false)}
          submitLabel={texts.createGroup}
          busyLabel={texts.creating}
        />
      </action.fetcher.Form>
    </Modal>
  );
}
