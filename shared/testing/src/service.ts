/**
 * Starts one service for its tests on fresh test adapters (embedded engines, or the real servers
 * under KORA_TEST_TARGET=real), with its own schema name so runs never collide. Requests go
 * through `app.inject()`; `as(...)` gives the headers the gateway would add for a caller.
 */
import type { ServiceName } from '@kora/contracts';
import { IDENTITY_HEADER, signIdentity, startService, type Identity, type RunningService, type ServiceDefinition } from '@kora/platform';
import { createTestAdapters, testEnv, testLog, uniqueName, type TestAdapters } from './adapters.js';

export interface TestService extends RunningService {
  adapters: TestAdapters;
  /** Headers of a signed-in caller, as the gateway signs them. */
  as(identity: Partial<Identity> & { userId: number }): Record<string, string>;
  close(): Promise<void>;
}

export const memberIdentity = (userId = 1001): Identity => ({ userId, role: 'user', sessionId: `s-${userId}` });
export const adminIdentity = (userId = 1): Identity => ({ userId, role: 'admin', sessionId: `s-${userId}` });

export interface TestServiceOptions {
  /** Where sibling services are (a stub server, say); by default the `<NAME>_URL` variables. */
  resolveService?: (name: ServiceName) => string | undefined;
  /** Overrides of the platform variables (testEnv). */
  env?: Record<string, string>;
}

export async function startTestService(definition: ServiceDefinition, options: TestServiceOptions = {}): Promise<TestService> {
  const adapters = await createTestAdapters();
  const env = testEnv(options.env);
  const isolated: ServiceDefinition = { ...definition, schema: uniqueName(definition.schema) };
  const running = await startService(isolated, {
    env,
    log: testLog,
    adapters,
    ownsAdapters: false,
    listen: false,
    ...(options.resolveService ? { resolveService: options.resolveService } : {}),
  });
  await adapters.jobs.start();
  return {
    ...running,
    adapters,
    as: (identity) => ({
      [IDENTITY_HEADER]: signIdentity({ role: 'user', sessionId: `s-${identity.userId}`, ...identity }, env.INTERNAL_SECRET),
    }),
    async close() {
      await running.stop();
      await adapters.close();
    },
  };
}
