/**
 * The representative form's fields in the product's order (docs/product/representatives.md: Name,
 * Username, Phone number, Email, State, Residential state, Resident address, Proposed location to
 * represent, the product's chat username, Little note about yourself) with their labels, and the
 * reading of a submitted form into every refused field's text (the contracts' schema, the same one
 * the admin service applies).
 */
import { representativeApplicationBody, type RepresentativeApplicationBody } from '@kora/contracts';
import { parseFormFields, textFields, typedValues, type FieldsResult } from '~/utils/form-submission';

export type RepresentativeField = keyof RepresentativeApplicationBody;

export interface FieldSpec {
  name: RepresentativeField;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

export const REPRESENTATIVE_FORM_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'residentialState', label: 'Residential state' },
  { name: 'residentAddress', label: 'Resident address', autoComplete: 'street-address' },
  { name: 'proposedLocation', label: 'Proposed location to represent' },
  { name: 'koraUsername', label: 'Kora username' },
  { name: 'note', label: 'Little note about yourself', multiline: true },
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
