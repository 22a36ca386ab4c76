// Types for fake-paystack.mjs (TypeScript tests import it).
export const FAKE_PAYSTACK_KEY: string;
export function paystackSignature(secret: string, body: string | Buffer): string;
export function sendWebhook(
  url: string,
  payload: unknown,
  options?: { secret?: string; signature?: string },
): Promise<{ status: number; body: string }>;
export function chargeSuccess(
  reference: string,
  options?: { amount?: number; currency?: string },
): { event: 'charge.success'; data: Record<string, unknown> };

export interface FakeTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  paid_at: string | null;
  gateway_response: string;
  metadata: Record<string, unknown>;
  callback_url?: string | null;
}

export interface FakeCall {
  method: string;
  path: string;
  authorization: string | null;
  /** The JSON body the client sent (null without one). */
  body: Record<string, unknown> | null;
  at: string;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  calls: FakeCall[];
  transactions: Map<string, FakeTransaction>;
  setTransaction(
    reference: string,
    state?: { status?: string; amount?: number; currency?: string; gateway_response?: string },
  ): FakeTransaction;
  failNext(count: number, mode?: '500' | 'hang'): void;
  apiCalls(path?: string): FakeCall[];
  webhook(url: string, payload: unknown, sign?: 'key' | 'other' | 'none'): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export function startFakePaystack(options?: { secretKey?: string }): Promise<FakePaystack>;
