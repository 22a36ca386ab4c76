/** What the Security tab's two-step actions answer (decision 033). */
import type { twoStepSetupAnswer, twoStepStatusSchema } from '@kora/contracts';
import type { z } from 'zod';

export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;
export type TwoStepSetup = z.infer<typeof twoStepSetupAnswer>;

export type TwoStepActionData =
  | { intent: 'two-step-setup'; ok: true; setup: TwoStepSetup }
  | { intent: 'two-step-confirm'; ok: true; recoveryCodes: string[] }
  | { intent: 'two-step-disable'; ok: true; message: string }
  | { intent: 'two-step-setup' | 'two-step-confirm' | 'two-step-disable'; ok: false; error: string };

export const TWO_STEP_INTENTS = ['two-step-setup', 'two-step-confirm', 'two-step-disable'] as const;
export type TwoStepIntent = (typeof TWO_STEP_INTENTS)[number];

export function isTwoStepIntent(value: unknown): value is TwoStepIntent {
  return typeof value === 'string' && (TWO_STEP_INTENTS as readonly string[]).includes(value);
}
