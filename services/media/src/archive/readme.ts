/** The README at the top of every archive: what each folder holds. */
import type { ServiceName } from '@kora/contracts';

export function archiveReadme(sources: readonly ServiceName[]): string {
  return [
    'Your Kora data',
    '==============',
    '',
    'Made on ' + new Date().toISOString() + '.',
    '',
    'Each folder holds what one part of Kora keeps about you, as JSON files (one array each, one item a line):',
    ...sources.map((service) => `- ${service}/`),
    '- media/videos.json: the videos you uploaded',
    '- files/: the photos and videos of your posts, stories, reels and profile, under the same names as their /uploads/ links',
    '',
    'Times are in UTC (ISO 8601). Amounts of money are in kobo (100 kobo = 1 naira).',
    '',
  ].join('\n');
}
