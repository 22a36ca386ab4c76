/**
 * The groups API (groups service, through the gateway; a group's posts are the posts service's) as
 * the web app uses it. Every answer is parsed with the contracts' schemas, so a changed shape fails
 * here with a 502 instead of deep inside a component. Paths are named here and nowhere else.
 */
import {
  groupActionAnswer,
  groupDetailSchema,
  groupListAnswer,
  groupMemberSchema,
  groupRequestSchema,
  NEXT_CURSOR_HEADER,
  type CreateGroupBody,
  type GroupRole,
  type GroupTab,
  type UpdateGroupBody,
} from '@kora/contracts';
import { z } from 'zod';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

const groupPath = (groupId: number) => `/api/groups/${groupId}`;

/** One page of a tab (the product's call: `cursor` counts from 0, `limit` 12 unless asked otherwise). */
export function fetchGroupList(request: Request, query: { tab: GroupTab; q: string; cursor: number }, token: Token) {
  const params = new URLSearchParams({ tab: query.tab, cursor: String(query.cursor), limit: '12' });
  if (query.q) params.set('q', query.q);
  return apiFetch(request, `/api/groups?${params}`, { schema: groupListAnswer, token });
}

export function fetchGroup(request: Request, groupId: number, token: Token) {
  return apiFetch(request, groupPath(groupId), { schema: groupDetailSchema, token });
}

/** A page of members or join requests: the array, and the next page's cursor (X-Next-Cursor). */
async function fetchPeople<T>(request: Request, path: string, schema: z.ZodType<T>, cursor: string | null, token: Token) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `${path}${query}`, { schema: z.array(schema), token });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function fetchGroupMembers(request: Request, groupId: number, cursor: string | null, token: Token) {
  return fetchPeople(request, `${groupPath(groupId)}/members`, groupMemberSchema, cursor, token);
}

export function fetchJoinRequests(request: Request, groupId: number, cursor: string | null, token: Token) {
  return fetchPeople(request, `${groupPath(groupId)}/requests`, groupRequestSchema, cursor, token);
}

export function createGroup(request: Request, body: CreateGroupBody, token: Token) {
  return apiFetch(request, '/api/groups', { json: body, schema: groupDetailSchema, token });
}

export function updateGroup(request: Request, groupId: number, body: UpdateGroupBody, token: Token) {
  return apiFetch(request, groupPath(groupId), { method: 'PUT', json: body, schema: groupDetailSchema, token });
}

export async function deleteGroup(request: Request, groupId: number, token: Token): Promise<void> {
  await apiFetch(request, groupPath(groupId), { method: 'DELETE', token });
}

export function joinGroup(request: Request, groupId: number, token: Token) {
  return apiFetch(request, `${groupPath(groupId)}/join`, { method: 'POST', schema: groupActionAnswer, token });
}

export function leaveGroup(request: Request, groupId: number, token: Token) {
  return apiFetch(request, `${groupPath(groupId)}/leave`, { method: 'DELETE', schema: groupActionAnswer, token });
}

export function answerJoinRequest(request: Request, groupId: number, userId: number, answer: 'approve' | 'decline', token: Token) {
  return apiFetch(request, `${groupPath(groupId)}/requests/${userId}/${answer}`, { method: 'POST', schema: groupActionAnswer, token });
}

export function removeGroupMember(request: Request, groupId: number, userId: number, token: Token) {
  return apiFetch(request, `${groupPath(groupId)}/members/${userId}`, { method: 'DELETE', schema: groupActionAnswer, token });
}

/** `owner` hands the group over (the former owner stays on as an admin). */
export function setGroupRole(request: Request, groupId: number, userId: number, role: GroupRole, token: Token) {
  return apiFetch(request, `${groupPath(groupId)}/members/${userId}/role`, {
    method: 'PUT',
    json: { role },
    schema: groupActionAnswer,
    token,
  });
}
