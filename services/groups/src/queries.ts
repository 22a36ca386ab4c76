/**
 * What runs outside the service on its own tables: the bench (tests/bench/groups-search.ts) times
 * the lists' exact SQL bare on PostgreSQL as the yardstick of the same list through the gateway.
 */
export { tabQuery } from './groups/list.js';
export { groupsSchema, type GroupsTables } from './db/schema.js';
