/** What a table row's request builder gets: every actor, the owner's resources, and fresh-resource makers. */
import type { ActorName, Actors, Member } from './actors.js';
import type { Resources } from './resources.js';

export interface MatrixContext {
  actors: Actors;
  res: Resources;
  /** The member behind an actor that is a real signed-in member (the admin is one too). */
  memberOf(actor: ActorName): Member | null;
  /** The merged OpenAPI document (its request examples are the default bodies). */
  doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { example?: unknown }> } }>> };
}

export interface MatrixRequest {
  path: string;
  method?: string;
  /** A JSON body (sent as application/json) or a multipart form. */
  body?: unknown;
  /** A token of the same member to send instead of the actor's own (a fresh session, for sign-out). */
  token?: string;
}

/**
 * Builds the request one actor sends. `allowed` says whether the table expects the actor to get a
 * 2xx: a route that uses up its resource makes a fresh one for each allowed call only.
 */
export type RequestBuilder = (ctx: MatrixContext, actor: ActorName, allowed: boolean) => MatrixRequest | Promise<MatrixRequest>;
