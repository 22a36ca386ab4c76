/**
 * General tab (docs/product/settings.md): the account's username and e-mail, read-only, then the
 * member's own fields. Nothing here is required: a new member starts with empty fields and may
 * save any of them (the API takes empty values; timezone and language always have one).
 */
import { GENDERS, genderLabels, LANGUAGES, languageLabels, type GeneralSettings } from '@kora/contracts';
import { Field } from '~/components/ui/input';
import { SelectField } from './controls';
import { SettingsForm } from './settings-form';

const genderOptions = [{ value: '', label: 'Not set' }, ...GENDERS.map((value) => ({ value, label: genderLabels[value] }))];
const languageOptions = LANGUAGES.map((value) => ({ value, label: languageLabels[value] }));

/** `timeZones`: the IANA zones the server knows (so server and browser render one list). `today`: the date input's limit. */
export function GeneralTab({ values, timeZones, today }: { values: GeneralSettings; timeZones: string[]; today: string }) {
  const zones = timeZones.includes(values.timezone) ? timeZones : [values.timezone, ...timeZones];
  return (
    <SettingsForm intent="save-general" title="General">
      {(errors) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Username"
            name="username"
            defaultValue={values.username}
            readOnly
            aria-readonly="true"
            className="[&_input]:bg-slate-50"
          />
          <Field
            label="E-mail"
            name="user_email"
            type="email"
            defaultValue={values.user_email}
            readOnly
            aria-readonly="true"
            className="[&_input]:bg-slate-50"
          />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} error={errors.phone} />
          <Field
            label="Date of birth"
            name="dateOfBirth"
            type="date"
            max={today}
            min="1900-01-01"
            defaultValue={values.dateOfBirth}
            error={errors.dateOfBirth}
          />
          <SelectField label="Gender" name="gender" options={genderOptions} defaultValue={values.gender} error={errors.gender} />
          <Field
            label="Website"
            name="website"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={values.website}
            error={errors.website}
          />
          <Field label="City" name="city" autoComplete="address-level2" defaultValue={values.city} error={errors.city} />
          <Field label="Country" name="country" autoComplete="country-name" defaultValue={values.country} error={errors.country} />
          <SelectField
            label="Time zone"
            name="timezone"
            options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
            defaultValue={values.timezone}
            error={errors.timezone}
          />
          <SelectField label="Language" name="language" options={languageOptions} defaultValue={values.language} error={errors.language} />
          <Field label="Work" name="work" autoComplete="organization" defaultValue={values.work} error={errors.work} />
          <Field label="Education" name="education" defaultValue={values.education} error={errors.education} />
        </div>
      )}
    </SettingsForm>
  );
}
