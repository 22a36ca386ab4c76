/** What the web's mute forms send to /resources/mutes and what it answers (decision 037). */
export const MUTE_INTENTS = ['mute-member', 'unmute-member', 'mute-word', 'unmute-word'] as const;
export type MuteIntent = (typeof MUTE_INTENTS)[number];

export type MuteActionData =
  | { intent: MuteIntent; ok: true; message: string; memberIds: number[]; words: string[] }
  | { intent: MuteIntent | null; ok: false; error: string };

export const MUTES_RESOURCE = '/resources/mutes';
