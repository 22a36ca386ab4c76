/**
 * Test files against a running product that must run with nothing beside them: each changes what
 * every other file meets (a site setting, a stopped service or broker) or reads what every other
 * file writes. They run one at a time, before the other files of their suite, which run side by
 * side (vitest.config.ts, decision 027). A file that starts doing either belongs here.
 */
export const apiFilesAlone: Record<string, string> = {
  'foundation.test.ts': 'stops the admin service; changes site settings',
  'admin-stats.test.ts': 'stops the posts service; counts every account and post',
  'notifications-live.test.ts': 'stops and restarts the Kafka broker',
  'notifications-instances.test.ts': 'stops and restarts the second notifications instance',
  'site-settings-effects.test.ts': 'changes every site setting',
  'audit.test.ts': 'changes the e-mail settings',
  'reels.test.ts': 'switches reels off',
  'stories.test.ts': 'switches stories off',
  'wallet.test.ts': 'switches payments off',
  'fuzz.test.ts': 'compares every table before and after',
  'hostile-uploads.test.ts': "times a video through the shared video worker's queue",
};

/**
 * Of the files above, those that stop and restart the shared Kafka broker. They run first (the
 * `api-broker` project), so the stages beside the distributed one that use the broker (real,
 * bench) wait for them, not for every file run alone (scripts/test.mjs).
 */
export const apiFilesRestartingBroker = ['notifications-live.test.ts'];

export const browserFilesAlone: Record<string, string> = {
  'admin.test.ts': 'changes site settings',
  'groups.test.ts': 'switches groups off',
  'navigation.test.ts': 'switches groups and payments off; stops the posts service',
  'reels.test.ts': 'switches reels and stories off',
  'wallet.test.ts': 'switches payments off',
};
