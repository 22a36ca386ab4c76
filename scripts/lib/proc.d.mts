export const ROOT: string;
export function pickPort(owner: string, preferred?: number[]): Promise<number>;
