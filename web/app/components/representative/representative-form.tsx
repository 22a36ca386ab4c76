/**
 * The representative application form (docs/product/representatives.md). Checked in the browser
 * with the contracts' schema before sending (every refused field's text under its field), then
 * posted to the route's action, which checks again and asks the admin service; works without
 * scripts too (the action's answer is rendered: the texts under the fields, the values kept, the
 * thanks on success). Success: toast "Application submitted" / "We'll review and get back to you
 * shortly", and the form resets. Failure: toast "Submission failed" with the server's text (or
 * "Please try again"), form kept.
 */
import { adminTexts } from '@kora/contracts';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Field, inputClasses } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import {
  firstFieldError,
  parseRepresentativeForm,
  REPRESENTATIVE_FORM_FIELDS,
  REPRESENTATIVE_NOTE_MAX,
  type FieldSpec,
} from './representative-fields';

export type RepresentativeActionData =
  { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

function NoteField({ spec, error, defaultValue }: { spec: FieldSpec; error?: string; defaultValue?: string }) {
  const [length, setLength] = useState(defaultValue?.length ?? 0);
  const id = `rep-${spec.name}`;
  const described = [error ? `${id}-error` : null, `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {spec.label}
      </label>
      <textarea
        id={id}
        name={spec.name}
        rows={4}
        defaultValue={defaultValue}
        onChange={(event) => setLength(event.target.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(inputClasses, 'h-auto py-2')}
      />
      <div className="flex justify-between gap-2">
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-600">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={`${id}-count`} className={cn('text-xs', length > REPRESENTATIVE_NOTE_MAX ? 'text-red-600' : 'text-slate-500')}>
          {length}/{REPRESENTATIVE_NOTE_MAX}
        </p>
      </div>
    </div>
  );
}

export function RepresentativeForm() {
  const answer = useActionData<RepresentativeActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/representative') === true;
  const { toast } = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new key empties the form (uncontrolled inputs) after a success.
  const [generation, setGeneration] = useState(0);
  const handled = useRef<RepresentativeActionData | undefined>(undefined);

  useEffect(() => {
    if (!answer || answer === handled.current || navigation.state !== 'idle') return;
    handled.current = answer;
    if (answer.ok) {
      toast({ title: adminTexts.applicationSubmitted, description: adminTexts.applicationSubmittedDetail, variant: 'success' });
      setErrors({});
      setGeneration((g) => g + 1);
    } else {
      toast({ title: adminTexts.submissionFailed, description: answer.error || adminTexts.tryAgain, variant: 'error' });
      setErrors(answer.fields);
    }
  }, [answer, navigation.state, toast]);

  // Without scripts the page is the action's answer: show its values and texts as they came.
  const values = answer && !answer.ok && generation === 0 ? answer.values : {};
  const shownErrors = Object.keys(errors).length > 0 || handled.current ? errors : answer && !answer.ok ? answer.fields : {};
  const firstError = firstFieldError(shownErrors);

  return (
    <Form
      key={generation}
      ref={form}
      method="post"
      action="/representative"
      noValidate
      className="space-y-5"
      aria-describedby={firstError ? 'rep-form-error' : undefined}
      onSubmit={(event) => {
        const parsed = parseRepresentativeForm(new FormData(event.currentTarget));
        if (parsed.ok) {
          setErrors({});
          return;
        }
        event.preventDefault();
        setErrors(parsed.fieldErrors);
        toast({
          title: adminTexts.submissionFailed,
          description: firstFieldError(parsed.fieldErrors) ?? adminTexts.tryAgain,
          variant: 'error',
        });
        const first = REPRESENTATIVE_FORM_FIELDS.find((f) => parsed.fieldErrors[f.name]);
        if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      }}
    >
      {answer?.ok && generation === 0 ? (
        <Alert tone="success">
          {adminTexts.applicationSubmitted}. {adminTexts.applicationSubmittedDetail}
        </Alert>
      ) : null}
      {firstError ? <Alert id="rep-form-error">{firstError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {REPRESENTATIVE_FORM_FIELDS.map((spec) =>
          spec.multiline ? (
            <NoteField key={spec.name} spec={spec} error={shownErrors[spec.name]} defaultValue={values[spec.name]} />
          ) : (
            <Field
              key={spec.name}
              id={`rep-${spec.name}`}
              name={spec.name}
              label={spec.label}
              type={spec.type ?? 'text'}
              autoComplete={spec.autoComplete}
              defaultValue={values[spec.name]}
              error={shownErrors[spec.name]}
            />
          ),
        )}
      </div>
      <SubmitButton busy={busy} busyLabel={adminTexts.submitting} className="w-full sm:w-auto">
        {adminTexts.submitApplication}
      </SubmitButton>
    </Form>
  );
}
