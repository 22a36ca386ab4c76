/** What the bench (tests/bench/search.ts) runs bare beside the routes: the service's own statements. */
export { postsSchema } from '../db/schema.js';
export { searchPeopleSql } from './people.js';
export { searchPostsSql } from './posts.js';
export { rankedWindow } from './ranked-cursor.js';
