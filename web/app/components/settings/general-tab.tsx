/**
 * General tab (docs/product/settings.md): the account's username and e-mail, read-only, then the
 * member's own fields. Nothing here is required: a new member starts with empty fields and may
 * save any of them (the API takes empty values; timezone and language always have one).
 */
import {
  GENDERS,
  genderLabels,
  isOfferedLanguage,
  languageLabels,
  OFFERED_LANGUAGES,
  type Language,
  settingsTexts,
  THEMES,
  themeLabels,
  DATA_SAVER_CHOICES,
  dataSaverLabels,
  type GeneralSettings,
  settingsScreenTexts as texts,
} from '@kora/contracts';
import { Field } from '~/components/ui/input';
import { SelectField } from './controls';
import { SettingsForm } from './settings-form';

// Built at render: the labels are read in the page's language (the languages' own names are never translated).
const genderOptions = () => [{ value: '', label: texts.notSet }, ...GENDERS.map((value) => ({ value, label: genderLabels[value] }))];
/** The languages the app reads in (decision 045), and a member's earlier choice of another one, kept until they change it. */
function languageOptions(current: Language) {
  const offered: readonly Language[] = isOfferedLanguage(current) ? OFFERED_LANGUAGES : [...OFFERED_LANGUAGES, current];
  return offered.map((value) => ({ value, label: languageLabels[value] }));
}
const themeOptions = () => THEMES.map((value) => ({ value, label: themeLabels[value] }));
const dataSaverOptions = () => DATA_SAVER_CHOICES.map((value) => ({ value, label: dataSaverLabels[value] }));

/** `timeZones`: the IANA zones the server knows (so server and browser render one list). `today`: the date input's limit. */
export function GeneralTab({ values, timeZones, today }: { values: GeneralSettings; timeZones: string[]; today: string }) {
  const zones = timeZones.includes(values.timezone) ? timeZones : [values.timezone, ...timeZones];
  return (
    <SettingsForm intent="save-general" title={texts.general}>
      {(errors) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={texts.username}
            name="username"
            defaultValue={values.username}
            readOnly
            aria-readonly="true"
            className="[&_input]:bg-slate-50"
          />
          <Field
            label={texts.email}
            name="user_email"
            type="email"
            defaultValue={values.user_email}
            readOnly
            aria-readonly="true"
            className="[&_input]:bg-slate-50"
          />
          <Field label={texts.phone} name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} error={errors.phone} />
          <Field
            label={texts.dateOfBirth}
            name="dateOfBirth"
            type="date"
            max={today}
            min="1900-01-01"
            defaultValue={values.dateOfBirth}
            error={errors.dateOfBirth}
          />
          <SelectField label={texts.gender} name="gender" options={genderOptions()} defaultValue={values.gender} error={errors.gender} />
          <Field
            label={texts.website}
            name="website"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={values.website}
            error={errors.website}
          />
          <Field label={texts.city} name="city" autoComplete="address-level2" defaultValue={values.city} error={errors.city} />
          <Field label={texts.country} name="country" autoComplete="country-name" defaultValue={values.country} error={errors.country} />
          <SelectField
            label={texts.timeZone}
            name="timezone"
            options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
            defaultValue={values.timezone}
            error={errors.timezone}
          />
          <SelectField
            label={texts.language}
            name="language"
            options={languageOptions(values.language)}
            defaultValue={values.language}
            error={errors.language}
          />
          <SelectField
            label={settingsTexts.themeLabel}
            hint={settingsTexts.themeHint}
            name="theme"
            options={themeOptions()}
            defaultValue={values.theme}
            error={errors.theme}
          />
          <SelectField
            label={settingsTexts.dataSaverLabel}
            hint={settingsTexts.dataSaverHint}
            name="dataSaver"
            options={dataSaverOptions()}
            defaultValue={values.dataSaver}
            error={errors.dataSaver}
          />
          <Field label={texts.work} name="work" autoComplete="organization" defaultValue={values.work} error={errors.work} />
          <Field label={texts.education} name="education" defaultValue={values.education} error={errors.education} />
        </div>
      )}
    </SettingsForm>
  );
}
