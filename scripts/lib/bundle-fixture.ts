// A tiny program for bundle.test.ts: bundled, it must report what it reports from its sources.
import { displayName } from '@kora/contracts';
import { createRequire } from 'node:module';
import { z } from 'zod';

export const ownUrl = import.meta.url;
export const zodFile = createRequire(import.meta.url).resolve('zod');
export const greeting = z.string().parse(displayName({ firstname: 'Ada', lastname: 'Obi', username: 'ada' }));
