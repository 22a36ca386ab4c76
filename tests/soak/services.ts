/** The service processes of the distributed product, and the schema each keeps its tables in. */
export const SERVICE_NAMES = [
  'auth',
  'friends',
  'posts',
  'media',
  'stories-reels',
  'groups',
  'wallet',
  'settings',
  'notifications',
  'admin',
  'messages',
] as const;

export const schemaOf = (service: string): string => service.replaceAll('-', '_');
