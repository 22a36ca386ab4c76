/** The auth service: accounts, activation, sign-in, sessions, password recovery and member profiles. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';
import { sessionRoutes } from './routes/session.js';

export const authService: ServiceDefinition = {
  name: 'auth',
  description: 'Accounts, activation, sign-in, sessions, password recovery and member profiles',
  schema: 'auth',
  migrations,
  routes(app) {
    sessionRoutes(app);
  },
};
