/**
 * The member's mutes (decision 037), members only; every answer is the complete mutes after the call:
 * - GET /api/settings/mutes -> muted members (names, avatars) and words
 * - POST /api/settings/mutes/members { userId } | DELETE /api/settings/mutes/members/{userId}
 * - POST /api/settings/mutes/words { word } | DELETE /api/settings/mutes/words/{word} (URL-encoded)
 */
import { muteMemberBody, muteWordBody, mutesSchema, normaliseMutedWord } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Settings } from '../context.js';
import { memberNotMuted } from '../errors.js';
import { muteMember, muteWord, unmuteMember, unmuteWord } from '../mutes/changes.js';
import { readMutes } from '../mutes/store.js';

const memberParams = z.object({ userId: z.string().describe('Muted member id') });
const wordParams = z.object({ word: z.string().describe('Muted word, phrase or #hashtag, URL-encoded (%23 for #)') });

export function muteRoutes(app: ServiceApp, settings: Settings): void {
  app.get(
    '/api/settings/mutes',
    {
      schema: {
        ...memberOnly,
        operationId: 'getMutes',
        summary: 'Whom and which words you muted',
        response: { 200: mutesSchema, 401: errors[401] },
      },
    },
    async (request) => readMutes(settings.ctx.db, settings, memberOf(request).userId),
  );

  app.post(
    '/api/settings/mutes/members',
    {
      schema: {
        ...memberOnly,
        operationId: 'muteMember',
        summary: 'Mute a member: their posts, stories and reels leave your feeds (they are not told); muting again changes nothing',
        body: muteMemberBody,
        response: { 200: mutesSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => muteMember(settings, memberOf(request).userId, request.body.userId),
  );

  app.delete(
    '/api/settings/mutes/members/:userId',
    {
      schema: {
        ...memberOnly,
        operationId: 'unmuteMember',
        summary: 'Unmute a member',
        params: memberParams,
        response: { 200: mutesSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => unmuteMember(settings, memberOf(request).userId, parsePathId(request.params.userId, memberNotMuted)),
  );

  app.post(
    '/api/settings/mutes/words',
    {
      schema: {
        ...memberOnly,
        operationId: 'muteWord',
        summary: 'Mute a word, phrase or #hashtag: posts and reels carrying it leave your feeds and search; muting again changes nothing',
        body: muteWordBody,
        response: { 200: mutesSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => muteWord(settings, memberOf(request).userId, request.body.word),
  );

  app.delete(
    '/api/settings/mutes/words/:word',
    {
      schema: {
        ...memberOnly,
        operationId: 'unmuteWord',
        summary: 'Unmute a word, phrase or #hashtag',
        params: wordParams,
        response: { 200: mutesSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => unmuteWord(settings, memberOf(request).userId, normaliseMutedWord(request.params.word)),
  );
}
