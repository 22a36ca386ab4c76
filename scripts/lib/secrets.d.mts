export function localSecrets(dataDir: string): { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
