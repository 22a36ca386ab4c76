/** Notifications tab (docs/product/settings.md): the eight switches, each with its label and hint. */
import { NOTIFICATION_SWITCHES, notificationSwitchLabels, type NotificationSettings } from '@kora/contracts';
import { SwitchField } from './controls';
import { SettingsForm } from './settings-form';

export function NotificationsTab({ values }: { values: NotificationSettings }) {
  return (
    <SettingsForm intent="save-notifications" title="Notifications">
      {(errors) => (
        <div className="divide-y divide-slate-100">
          {NOTIFICATION_SWITCHES.map((name) => (
            <SwitchField
              key={name}
              name={name}
              label={notificationSwitchLabels[name].label}
              hint={notificationSwitchLabels[name].hint}
              defaultChecked={values[name]}
              error={errors[name]}
            />
          ))}
        </div>
      )}
    </SettingsForm>
  );
}
