/** The media service: uploads, stored files and the video/image processing workers. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';

export const mediaService: ServiceDefinition = {
  name: 'media',
  description: 'Uploads, stored files and the video/image processing workers',
  schema: 'media',
  migrations,
  routes() {},
};
