// Types for kafka-client.mjs, for the TypeScript tests that use it.
import type { KafkaSecurity } from '@kora/platform';
export function kafkaClientSecurity(env?: Record<string, string | undefined>): Promise<KafkaSecurity>;
