/**
 * The representative form's fields in the product's order (docs/product/representatives.md: Name,
 * Username, Phone number, Email, State, Residential state, Resident address, Proposed location to
 * represent, the product's chat username, Little note about yourself) with their labels, and the
 * reading of a submitted form into every refused field's text (the contracts' schema, the same one
 * the admin service applies).
 */
import { representativeApplicationBody, representativeScreenTexts, type RepresentativeApplicationBody } from '@kora/contracts';
import { parseFormFields, textFields, typedValues, type FieldsResult } from '~/utils/form-submission';

export type RepresentativeField = keyof RepresentativeApplicationBody;

export interface FieldSpec {
  name: RepresentativeField;
  /** Read where it is shown, in the page's language. */
  readonly label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

function field(name: RepresentativeField, details: Omit<FieldSpec, 'name' | 'label'> = {}): FieldSpec {
  return {
    name,
    get label() {
      return representativeScreenTexts[name];
    },
    ...details,
  };
}

export const REPRESENTATIVE_FORM_FIELDS: readonly FieldSpec[] = [
  field('name', { autoComplete: 'name' }),
  field('username', { autoComplete: 'username' }),
  field('phone', { type: 'tel', autoComplete: 'tel' }),
  field('email', { type: 'email', autoComplete: 'email' }),
  field('state', { autoComplete: 'address-level1' }),
  field('residentialState'),
  field('residentAddress', { autoComplete: 'street-address' }),
  field('proposedLocation'),
  field('koraUsername'),
  field('note', { multiline: true }),
];

export const REPRESENTATIVE_NOTE_MAX = 600;

const NAMES = REPRESENTATIVE_FORM_FIELDS.map((field) => field.name);

const representativeForm = textFields(NAMES).pipe(representativeApplicationBody);

export function representativeValues(form: FormData): Record<RepresentativeField, string> {
  return typedValues(form, NAMES);
}

export function parseRepresentativeForm(form: FormData): FieldsResult<RepresentativeApplicationBody> {
  return parseFormFields(form, representativeForm);
}

/** The first refused field's text, in the form's order (what the toast shows). */
export function firstFieldError(fields: Record<string, string>): string | undefined {
  for (const name of NAMES) if (fields[name]) return fields[name];
  return Object.values(fields)[0];
}
