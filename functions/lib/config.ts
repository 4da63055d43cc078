/**
 * Everything a handler learns from its environment. CDK sets these in AWS; the local runtime sets
 * the same names pointing at DynamoDB Local, s3rver and the local carrier.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/**
 * A duration an operator may tune (whole seconds, at least 1); the fault tests shorten the
 * outbox grace and the idempotency lease so an outage plays out in seconds, not minutes.
 */
export function secondsFromEnv(name: string, fallback: number): number {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? value : fallback;
}

/** The one partner identity provider a deployment may know (issue 23); none when PARTNER_ISSUER is unset. */
export interface PartnerConfig {
  issuer: string;
  clientId: string;
  connectUrl: string;
  name: string;
  cookieDomain: string | null;
  requiredRole: string;
  /** How long the partner's published keys are trusted before they are fetched again. */
  jwksCacheSeconds: number;
}

export const config = {
  get tableName(): string {
    return required('TABLE_NAME');
  },
  get region(): string {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  get dynamodbEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get s3Endpoint(): string | undefined {
    return process.env.S3_ENDPOINT || undefined;
  },
  get uploadsBucket(): string {
    return required('UPLOADS_BUCKET');
  },
  get reportsBucket(): string {
    return required('REPORTS_BUCKET');
  },
  /** Public origin of the console, used in links sent by e-mail and text. */
  get publicUrl(): string {
    return required('PUBLIC_URL').replace(/\/$/, '');
  },
  get appVersion(): string {
    return process.env.APP_VERSION ?? 'dev';
  },
  get mailFrom(): string {
    return process.env.MAIL_FROM ?? 'no-reply@example.com';
  },
  /**
   * Origin of the signal endpoint (AWS IoT Core's data endpoint, or the local broker); undefined
   * when there is none (`off`), and the event streams then read the log every second.
   */
  get signalsEndpoint(): string | undefined {
    const value = process.env.SIGNALS_ENDPOINT;
    return value && value !== 'off' ? value.replace(/\/$/, '') : undefined;
  },
  /** AWS: the role a stream assumes, narrowed to its own topics, to listen for signals. */
  get signalsListenerRoleArn(): string | undefined {
    return process.env.SIGNALS_LISTENER_ROLE_ARN || undefined;
  },
  /** Locally: what signs a stream's grant of topics, checked by the local broker. */
  get signalsLocalSecret(): string | undefined {
    return process.env.SIGNALS_LOCAL_SECRET || undefined;
  },
  /** Partner sign-in: off (undefined) unless an issuer is configured. */
  get partner(): PartnerConfig | undefined {
    const issuer = process.env.PARTNER_ISSUER?.replace(/\/$/, '');
    if (!issuer) return undefined;
    const cache = Number.parseInt(process.env.PARTNER_JWKS_CACHE_SECONDS ?? '', 10);
    return {
      issuer,
      clientId: process.env.PARTNER_CLIENT_ID || 'dealer-console',
      connectUrl: process.env.PARTNER_CONNECT_URL || issuer,
      name: process.env.PARTNER_NAME || 'Partner',
      cookieDomain: process.env.PARTNER_COOKIE_DOMAIN || null,
      requiredRole: process.env.PARTNER_REQUIRED_ROLE || 'dealer_console',
      jwksCacheSeconds: Number.isFinite(cache) && cache >= 0 ? cache : 600,
    };
  },
};
