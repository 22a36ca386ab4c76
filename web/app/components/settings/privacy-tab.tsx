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
  settingsScreenTexts as texts,
  type PrivacySettings,
} from '@kora/contracts';
import { SelectField, SwitchField } from './controls';
import { SettingsForm } from './settings-form';

const audiences = (choices: readonly (keyof typeof audienceLabels)[]) => choices.map((value) => ({ value, label: audienceLabels[value] }));
// Built at render: the labels are read in the page's language.
const messagePolicies = () => MESSAGE_POLICIES.map((value) => ({ value, label: messagePolicyLabels[value] }));
const policies = () => FRIEND_REQUEST_POLICIES.map((value) => ({ value, label: friendRequestPolicyLabels[value] }));

export function PrivacyTab({ values }: { values: PrivacySettings }) {
  return (
    <SettingsForm intent="save-privacy" title={texts.privacy}>
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={texts.profileVisibility}
              name="profileVisibility"
              options={audiences(PROFILE_VISIBILITIES)}
              defaultValue={values.profileVisibility}
              error={errors.profileVisibility}
            />
            <SelectField
              label={texts.friendRequestPolicy}
              name="friendRequestPolicy"
              options={policies()}
              defaultValue={values.friendRequestPolicy}
              error={errors.friendRequestPolicy}
            />
            <SelectField
              label={texts.lookupEmail}
              name="lookupEmail"
              options={audiences(LOOKUP_AUDIENCES)}
              defaultValue={values.lookupEmail}
              error={errors.lookupEmail}
            />
            <SelectField
              label={texts.lookupPhone}
              name="lookupPhone"
              options={audiences(LOOKUP_AUDIENCES)}
              defaultValue={values.lookupPhone}
              error={errors.lookupPhone}
            />
            <SelectField
              label={messageTexts.messagePolicyLabel}
              name="messagePolicy"
              options={messagePolicies()}
              defaultValue={values.messagePolicy}
              error={errors.messagePolicy}
            />
          </div>
          <div className="divide-y divide-slate-100">
            <SwitchField
              name="showOnline"
              label={texts.showOnline}
              hint={texts.showOnlineHint}
              defaultChecked={values.showOnline}
              error={errors.showOnline}
            />
            <SwitchField
              name="tagReview"
              label={texts.tagReview}
              hint={texts.tagReviewHint}
              defaultChecked={values.tagReview}
              error={errors.tagReview}
            />
          </div>
        </>
      )}
    </SettingsForm>
  );
}
