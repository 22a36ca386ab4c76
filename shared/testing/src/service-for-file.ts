/**
 * One service per test file: started before the file's tests, closed after them (never per test:
 * a start migrates a schema and joins the bus). Read `svc` and `api` inside tests only.
 */
import { afterAll, beforeAll } from 'vitest';

export function serviceForFile<S extends { close(): Promise<void> }, A>(
  name: string,
  start: () => Promise<S>,
  apiOf: (svc: S) => A,
): { readonly svc: S; readonly api: A } {
  let started: { svc: S; api: A } | undefined;
  beforeAll(async () => {
    const svc = await start();
    started = { svc, api: apiOf(svc) };
  });
  afterAll(async () => {
    await started?.svc.close();
  });
  const get = () => {
    if (!started) throw new Error(`the ${name} service is not started yet (use it inside a test)`);
    return started;
  };
  return {
    get svc() {
      return get().svc;
    },
    get api() {
      return get().api;
    },
  };
}
