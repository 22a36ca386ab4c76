/**
 * The authorization matrix (decision 026): every route of the merged OpenAPI document is
 * classified in authorization/table.ts, and every route is called as every actor — anonymous, a
 * member, the resource's owner, a group admin, an admin, a suspended member, an expired token, a
 * signed-out session's token and a token signed with the wrong key — and must answer what the table
 * says, refusals in the error shape. A route the document has and the table lacks fails, and so
 * does a row for a route the document no longer has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, makeActors, type Actors, type ActorName, type Member } from './authorization/actors.js';
import { callEverything, type Answer } from './authorization/caller.js';
import type { MatrixContext } from './authorization/context.js';
import { makeResources } from './authorization/resources.js';
import { TABLE } from './authorization/table.js';
import { signedInMember } from './support/members.js';
import { api, MODE } from './support/product.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe(`the authorization matrix (${MODE})`, () => {
  let doc: MatrixContext['doc'] & { 'x-unavailable-services'?: string[] };
  let ctx: MatrixContext;
  let answers: Answer[] = [];
  const started = Date.now();

  beforeAll(async () => {
    // A product that has just started may not have given the gateway every service's document within
    // its 1 s deadline yet (the first build of each is the slow one): ask again until none is missing.
    const deadline = Date.now() + 60_000;
    do {
      const res = await api('/api/docs/openapi.json');
      expect(res.status).toBe(200);
      doc = await res.json();
      if ((doc['x-unavailable-services'] ?? []).length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    } while (Date.now() < deadline);
  });
  afterAll(() => {
    if (answers.length)
      console.log(
        `authorization matrix: ${TABLE.length} rows × ${ACTORS.length} actors = ${answers.length} calls in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
  });

  it('has the whole merged document: no service left out', () => {
    expect(doc['x-unavailable-services']).toEqual([]);
  });

  it('classifies every route of the document, and has no row for a route it does not have', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const classified = TABLE.filter((row) => !row.gatewayOwn).map((row) => row.operation);
    expect(
      documented.filter((op) => !classified.includes(op)),
      'routes in the OpenAPI document that the table does not classify',
    ).toEqual([]);
    expect(
      classified.filter((op) => !documented.includes(op)),
      'table rows for routes the OpenAPI document does not have',
    ).toEqual([]);
    expect(
      classified.filter((op, i) => classified.indexOf(op) !== i),
      'rows listed twice',
    ).toEqual([]);
  });

  it('answers every route, as every actor, what the table says', async () => {
    const actors: Actors = await makeActors();
    const target = await signedInMember();
    const members: Partial<Record<ActorName, Member>> = {
      owner: actors.owner,
      member: actors.member,
      groupAdmin: actors.groupAdmin,
      admin: actors.admin,
    };
    ctx = { actors, doc, res: await makeResources(actors, target), memberOf: (actor) => members[actor] ?? null };
    answers = await callEverything(ctx, TABLE);
    const problems = answers.filter((a) => a.problem).map((a) => `${a.row.operation} as ${a.actor}: ${a.problem}`);
    expect(problems).toEqual([]);
  }, 240_000);
});
