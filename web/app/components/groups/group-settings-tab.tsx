/**
 * A group's Settings tab (the owner): edit the title, description, privacy and picture (toast
 * "Group updated"; refused fields beside themselves), and delete the group behind a confirmation
 * (toast "Group deleted", then My Groups). Saving posts to the group's page, which reloads with the
 * new title; deleting goes through /resources/groups, as the page has nothing left to reload.
 */
import { type GroupDetail, groupScreenTexts as texts } from '@kora/contracts';
import { useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { TrashIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { SubmitButton } from '~/components/ui/submit-button';
import { GroupFields } from './group-fields';
import { groupPageAction } from './types';
import { useGroupAction } from './use-group-action';

export function GroupSettingsTab({ group }: { group: GroupDetail }) {
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useGroupAction();
  const remove = useGroupAction(() => {
    setConfirming(false);
    navigate('/groups?tab=mine');
  });
  const errors = save.failure?.fieldErrors ?? {};
  const formError = save.failure && Object.keys(errors).length === 0 ? (save.failure.reason ?? save.failure.error) : null;
  const initial = { title: group.group_title, description: group.group_description, privacy: group.privacy, picture: group.group_picture };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{texts.groupSettings}</CardTitle>
        </CardHeader>
        <CardBody>
          <save.fetcher.Form method="post" action={groupPageAction(group.group_id)} noValidate className="space-y-4">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="groupId" value={group.group_id} />
            {formError ? <Alert>{formError}</Alert> : null}
            {/* A saved change comes back as a new group: the fields start again from it. */}
            <GroupFields key={JSON.stringify(initial)} initial={initial} errors={errors} onUploadingChange={setUploading} />
            <div className="flex justify-end pt-2">
              <SubmitButton busy={save.busy} busyLabel={texts.saving} disabled={uploading}>
                {texts.save}
              </SubmitButton>
            </div>
          </save.fetcher.Form>
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{texts.deleteGroup}</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 grow basis-60 text-sm text-slate-600">{texts.deleteConfirm}</p>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <TrashIcon className="size-4" />
            {texts.deleteGroup}
          </Button>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.deleteGroupNamed(group.group_title)}
        description={texts.deleteConfirm}
        confirmLabel={texts.deleteGroup}
        busyLabel={texts.deleting}
        busy={remove.busy}
        error={remove.failure ? (remove.failure.reason ?? remove.failure.error) : null}
        onConfirm={() => remove.submit('delete', { groupId: group.group_id })}
      />
    </div>
  );
}
