/**
 * Privacy tab (docs/product/settings.md): selects for who sees the profile, who may send friend
 * requests, who may find the member by e-mail or phone and who may message them (decision 039); switches for online status and tag review.
 */
import {
  audienceLabels,
  FRIEND_REQUEST_POLICIES,
  friendRequestPolicyLabels,
  LOOKUP_AUDIENCES,
  MESSAGE_POLICIES,
  messagePolicyLabels,
  messageTexts,
  PROFILE_VISIBILITIES,
  type PrivacySettings,
} from '@kora/contracts';
import { SelectField, SwitchField } from './controls';
import { SettingsForm } from './settings-form';

const audiences = (choices: readonly (keyof typeof audienceLabels)[]) => choices.map((value) => ({ value, label: audienceLabels[value] }));
const messagePolicies = MESSAGE_POLICIES.map((value) => ({ value, label: messagePolicyLabels[value] }));
const policies = FRIEND_REQUEST_POLICIES.map((value) => ({ value, label: friendRequestPolicyLabels[value] }));

export function PrivacyTab({ values }: { values: PrivacySettings }) {
  return (
    <SettingsForm intent="save-privacy" title="Privacy">
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Who can see your profile"
              name="profileVisibility"
              options={audiences(PROFILE_VISIBILITIES)}
              defaultValue={values.profileVisibility}
              error={errors.profileVisibility}
            />
            <SelectField
              label="Who can send you friend requests"
              name="friendRequestPolicy"
              options={policies}
              defaultValue={values.friendRequestPolicy}
              error={errors.friendRequestPolicy}
            />
            <SelectField
              label="Who can look you up by e-mail"
              name="lookupEmail"
              options={audiences(LOOKUP_AUDIENCES)}
              defaultValue={values.lookupEmail}
              error={errors.lookupEmail}
            />
            <SelectField
              label="Who can look you up by phone"
              name="lookupPhone"
              options={audiences(LOOKUP_AUDIENCES)}
              defaultValue={values.lookupPhone}
              error={errors.lookupPhone}
            />
            <SelectField
              label={messageTexts.messagePolicyLabel}
              name="messagePolicy"
              options={messagePolicies}
              defaultValue={values.messagePolicy}
              error={errors.messagePolicy}
            />
          </div>
          <div className="divide-y divide-slate-100">
            <SwitchField
              name="showOnline"
              label="Show when you're online"
              hint="Others can see when you're active"
              defaultChecked={values.showOnline}
              error={errors.showOnline}
            />
            <SwitchField
              name="tagReview"
              label="Review mentions"
              hint="Mentions of you wait for your approval before they link to your profile"
              defaultChecked={values.tagReview}
              error={errors.tagReview}
            />
          </div>
        </>
      )}
    </SettingsForm>
  );
}
