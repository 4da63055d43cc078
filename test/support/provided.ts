/** What the integration and e2e global setups hand to the tests (vitest `provide` / `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the local stack's console and API, e.g. http://localhost:41234 */
    baseUrl: string;
    /** The local carrier's API: `${baseUrl}/dev/carrier` (mail outbox, texts, inbound replies). */
    carrierUrl: string;
    /** The environment the stack's handlers run with (table name, DynamoDB and S3 endpoints…). */
    stackEnv: Record<string, string>;
  }
}

export {};
