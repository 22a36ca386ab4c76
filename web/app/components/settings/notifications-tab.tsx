/**
 * Notifications tab (docs/product/settings.md): the switches, each with its label and hint, and
 * under them this device's push notifications (decision 042), which belong to the browser, not the form.
 */
import { NOTIFICATION_SWITCHES, notificationSwitchLabel, settingsScreenTexts, type NotificationSettings } from '@kora/contracts';
import { SwitchField } from './controls';
import { PushDeviceCard } from './push-device-card';
import { SettingsForm } from './settings-form';

export function NotificationsTab({ values }: { values: NotificationSettings }) {
  return (
    <>
      <SettingsForm intent="save-notifications" title={settingsScreenTexts.notifications}>
        {(errors) => (
          <div className="divide-y divide-slate-100">
            {NOTIFICATION_SWITCHES.map((name) => (
              <SwitchField
                key={name}
                name={name}
                label={notificationSwitchLabel(name).label}
                hint={notificationSwitchLabel(name).hint}
                defaultChecked={values[name]}
                error={errors[name]}
              />
            ))}
          </div>
        )}
      </SettingsForm>
      <PushDeviceCard />
    </>
  );
}
