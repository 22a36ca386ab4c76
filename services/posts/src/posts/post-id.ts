/**
 * Post ids in paths. Ids are positive integers; anything else names no post, so it answers the
 * same 404 "Post not found" as an id that does not exist (never a 500 from the database).
 */
import { parsePathId } from '@kora/platform/service';
import { z } from 'zod';
import { postNotFound } from '../errors.js';

export const postIdParams = z.object({ id: z.string().describe('Post id') });
export const savedPostParams = z.object({ postId: z.string().describe('Id of the saved post') });

export const parsePostId = (raw: string): number => parsePathId(raw, postNotFound);
