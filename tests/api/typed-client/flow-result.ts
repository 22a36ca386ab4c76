/**
 * What flow.ts takes and reports, apart from the generated types, so typed-client.test.ts can use
 * them while the root type check (which runs before anything is generated) sees no generated file.
 */
export interface Credentials {
  email: string;
  password: string;
}

/** What the flow saw, for the test to check. */
export interface FlowResult {
  memberId: number;
  postId: number;
  feedIds: number[];
  feedLink: string | null;
  feedNextCursor: string | null;
  secondPageIds: number[];
  notificationTypes: string[];
  unread: number;
}

export type MemberFlow = (baseUrl: string, author: Credentials, friend: Credentials, timeoutMs?: number) => Promise<FlowResult>;
