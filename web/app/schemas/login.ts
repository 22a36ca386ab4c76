/**
 * The login form's fields and the spec's validation text (member-side §5 "Login": both fields
 * required, else "Please fill in all fields"). Shared by the action and its tests.
 */
import { z } from 'zod';

export const FILL_ALL_FIELDS = 'Please fill in all fields';

export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, FILL_ALL_FIELDS),
  // Not trimmed when used: only a blank (whitespace-only) password counts as missing.
  password: z.string().refine((value) => value.trim().length > 0, FILL_ALL_FIELDS),
  redirectTo: z.string().optional(),
});

export type LoginForm = z.infer<typeof LoginFormSchema>;

export function parseLoginForm(form: FormData) {
  return LoginFormSchema.safeParse({
    email: form.get('email') ?? '',
    password: form.get('password') ?? '',
    redirectTo: form.get('redirectTo') ?? undefined,
  });
}
