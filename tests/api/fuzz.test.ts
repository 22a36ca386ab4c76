/**
 * The API under hostile input (decision 026): a fuzzer driven by the merged OpenAPI
 * document sends malformed, boundary and hostile values to every operation (wrong types, huge
 * strings, unicode, deep JSON, edge numbers, forged cursors, bad ids, path tricks, bad content
 * types, broken multipart), as an anonymous visitor, a signed-in member and an admin.
 *
 * Pass: no answer of 500 or more, every error in the shape `{ error, message, code }`, no stack
 * trace or server path in any body, no request left hanging, every write built to be invalid
 * refused, and (distributed stage, where the tests can read the database) no stored row changed
 * by the refused requests.
 *
 * Deterministic: FUZZ_SEED (default below) and FUZZ_RUNS (requests per operation and caller)
 * replay a run; a failure prints the seed, each request and the answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changedTables, quietFingerprint, type Fingerprint } from './fuzz/fingerprint.js';
import { operationsOf, type OpenApiDocument, type Operation } from './fuzz/openapi.js';
import { describeFinding, fuzzOperations, type Caller } from './fuzz/run.js';
import { signedInMember } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, BASE_URL, body, MODE, tokenFor } from './support/product.js';

const SEED = Number(process.env.FUZZ_SEED ?? 180_018);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const DATABASE_URL = MODE === 'distributed' ? process.env.DATABASE_URL : undefined;

/** The session id inside an access token (an admin token is minted on a real session). */
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

describe(`fuzzing every route of the OpenAPI document (${MODE})`, () => {
  let operations: Operation[];
  let callers: Record<Caller['name'], Caller>;
  let ids: number[];

  beforeAll(async () => {
    const doc = await body<OpenApiDocument>(await api('/api/docs/openapi.json'));
    expect(doc['x-unavailable-services'], 'every service describes its routes').toEqual([]);
    operations = operationsOf(doc);
    const member = await signedInMember();
    const admin = await signedInMember();
    const adminToken = await tokenFor({ userId: admin.user.user_id, role: 'admin', sessionId: sidOf(admin.token) });
    const post = await createPost(member, 'A post for the fuzzer to aim at #fuzz');
    ids = [member.user.user_id, admin.user.user_id, post.id];
    callers = {
      anonymous: { name: 'anonymous', headers: {} },
      member: { name: 'member', headers: { authorization: `Bearer ${member.token}` } },
      admin: { name: 'admin', headers: { authorization: `Bearer ${adminToken}` } },
    };
  });

  it('reads every operation of the document', () => {
    // Far fewer would mean the document lost a service's routes and the fuzzer would miss them.
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.body?.kind === 'multipart').length).toBeGreaterThanOrEqual(4);
  });

  it('answers every hostile request below 500, in the error shape, without leaks or hangs, and refused requests change nothing stored', async () => {
    const before: Fingerprint | undefined = DATABASE_URL ? await quietFingerprint(DATABASE_URL) : undefined;
    const summary = await fuzzOperations({
      baseUrl: BASE_URL,
      operations,
      callers,
      context: { ids, pathExamples: { tag: 'fuzz', path: 'profile/defaultavatar.png', reference: 'fuzz_reference_1' } },
      seed: SEED,
      runs: RUNS,
    });
    const statuses = Object.entries(summary.byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `fuzz (${MODE}): seed ${SEED}, ${RUNS} runs per operation and caller, ${operations.length} operations, ` +
        `${summary.tried} requests (${Object.entries(summary.byCaller)
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}) in ${summary.seconds.toFixed(1)} s; ` +
        `writes refused ${summary.refusedWrites}; statuses ${statuses}; findings ${summary.findings.length}; slowest: ${summary.slowest
          .map((s) => `${s.ms} ms ${s.what}`)
          .join(' | ')}`,
    );
    const after = DATABASE_URL ? await quietFingerprint(DATABASE_URL) : undefined;
    const report = summary.findings.slice(0, 40).map((f) => describeFinding(f, SEED));
    expect(summary.findings.length, `fuzz findings (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${report.join('\n')}`).toBe(0);

    if (before && after) {
      expect(changedTables(before, after), 'tables changed by refused requests').toEqual([]);
    }
  }, 300_000);
});
