/**
 * The fields a group is made of, shared by the create dialog and the Settings tab: title,
 * description, privacy (Public / Private with what each means) and the picture. Refused fields
 * show their text beside themselves.
 */
import {
  GROUP_PRIVACIES,
  groupLimits,
  groupPrivacyHints,
  groupPrivacyLabels,
  groupScreenTexts as texts,
  type GroupPrivacy,
} from '@kora/contracts';
import { useId, useState } from 'react';
import { FieldError } from '~/components/settings/controls';
import { Field, inputClasses } from '~/components/ui/input';
import { cn } from '~/utils/misc';
import { PictureField } from './picture-field';

export interface GroupFieldValues {
  title: string;
  description: string;
  privacy: GroupPrivacy;
  picture: string | null;
}

export function GroupFields({
  initial,
  errors,
  onUploadingChange,
}: {
  initial: GroupFieldValues;
  errors: Record<string, string>;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const descriptionId = useId();
  return (
    <>
      <Field
        label={texts.titleLabel}
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={groupLimits.maxTitleLength}
        required
        error={errors.title}
      />
      <div className="space-y-1.5">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
          {texts.descriptionLabel}
        </label>
        <textarea
          id={descriptionId}
          name="description"
          defaultValue={initial.description}
          rows={4}
          maxLength={groupLimits.maxDescriptionLength}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className={cn(inputClasses, 'h-auto py-2')}
        />
        <FieldError id={`${descriptionId}-error`} error={errors.description} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{texts.privacyLabel}</legend>
        {GROUP_PRIVACIES.map((privacy) => (
          <label
            key={privacy}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/50"
          >
            <input
              type="radio"
              name="privacy"
              value={privacy}
              defaultChecked={initial.privacy === privacy}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{groupPrivacyLabels[privacy]}</span>
              <span className="block text-sm text-slate-600">{groupPrivacyHints[privacy]}</span>
            </span>
          </label>
        ))}
        {errors.privacy ? <p className="text-sm text-red-600">{errors.privacy}</p> : null}
      </fieldset>
      <PictureField title={title} initial={initial.picture} error={errors.picture} onUploadingChange={onUploadingChange} />
    </>
  );
}
