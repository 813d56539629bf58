// oidc-provider ships no types; this is the part the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface AccountClaims {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        cookies: { keys: string[] };
        claims: Record<string, string[]>;
        findAccount(ctx: unknown, id: string): Promise<AccountClaims | undefined>;
        [key: string]: unknown;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
