/** The part of oidc-provider 9's API the local partner uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: object, rejected: string[]): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientEntity {
    clientId: string;
  }

  export interface OidcContext {
    oidc: {
      params: Record<string, string | undefined>;
      client: ClientEntity;
    };
    body: unknown;
  }

  interface SavableToken {
    save(): Promise<string>;
    scope?: string;
    expiration: number;
    tokenType?: string;
  }

  interface GrantEntity {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface IdTokenEntity {
    scope?: string;
    issue(options: { use: 'idtoken' }): Promise<string>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    routes?: Record<string, string>;
    features?: Record<string, { enabled: boolean; [key: string]: unknown }>;
    adapter?: new (model: string) => object;
    clientBasedCORS?: (ctx: unknown, origin: string, client: unknown) => boolean;
    rotateRefreshToken?: boolean | ((ctx: unknown) => boolean);
    issueRefreshToken?: (ctx: unknown, client: unknown, code: { scopes: Set<string> }) => boolean | Promise<boolean>;
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    renderError?: (ctx: unknown, out: Record<string, string>, error: Error) => void;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    registerGrantType(name: string, handler: (ctx: OidcContext) => Promise<void>, parameters?: string[]): void;
    Grant: new (fields: { accountId: string; clientId: string }) => GrantEntity;
    AccessToken: new (fields: Record<string, unknown>) => SavableToken;
    RefreshToken: new (fields: Record<string, unknown>) => SavableToken;
    IdToken: new (claims: Record<string, unknown>, options: { ctx: OidcContext }) => IdTokenEntity;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    InvalidGrant: new (description?: string) => Error;
    InvalidRequest: new (description?: string) => Error;
    InvalidScope: new (description?: string, scope?: string) => Error;
  };

  export default Provider;
}
