/**
 * Sign-in scenario: `POST /api/signin` through the gateway with a real account. argon2id (OWASP
 * parameters: 19 MiB, 2 passes) dominates, on purpose: this measures how many sign-ins one auth
 * process can take, which sizes its replicas.
 */
import { createBenchAccount } from './bench-account.js';
import { Pool } from 'undici';
import { fromLatencies, type Scenario } from './scenario.js';

export async function benchSignIn(gatewayUrl: string, databaseUrl: string, durationMs: number): Promise<Scenario> {
  const email = 'bench.admin@example.com';
  const password = 'bench password 123';
  createBenchAccount(databaseUrl, { email, username: 'benchadmin', password });
  const concurrency = 4;
  const pool = new Pool(gatewayUrl, { connections: concurrency });
  const body = JSON.stringify({ email, password });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await pool.request({ method: 'POST', path: '/api/signin', headers: { 'content-type': 'application/json' }, body });
        await res.body.dump();
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return fromLatencies('signin', latencies, errors, elapsed);
}
