/**
 * Path parameters the groups routes share. Read as strings and turned into ids by `parsePathId`,
 * so `/api/groups/abc` answers 404 "Group not found" like an id that does not exist.
 */
import { z } from 'zod';

export const groupPathParams = z.object({ id: z.string().describe('Group id') });
export const groupMemberPathParams = groupPathParams.extend({ userId: z.string().describe('Member id') });
