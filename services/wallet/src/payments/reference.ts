/**
 * Our payment references: `kora_<userId>_<time base36>_<random hex>`. Ours (never the provider's),
 * so the payment row exists before the provider is called; unique by the random part (the primary
 * key refuses the astronomically unlikely repeat); only characters Paystack accepts.
 */
import { randomBytes } from 'node:crypto';

export function newReference(userId: number, now: Date): string {
  return `kora_${userId}_${now.getTime().toString(36)}_${randomBytes(8).toString('hex')}`;
}
