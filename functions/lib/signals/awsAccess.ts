/**
 * How a stream reaches AWS IoT Core: it assumes the listener role with a session policy that
 * names exactly its own topics (so IoT refuses anything else, whatever the code asks for), then
 * connects with MQTT over WebSocket to a SigV4-presigned `wss://<endpoint>/mqtt`.
 */
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** The packed session policy may hold 2,048 characters; a stream listens to about eight topics. */
const SESSION_POLICY_MAX = 2_048;
/** A stream lasts 15 minutes at most; a reconnect assumes the role again. */
const SESSION_SECONDS = 15 * 60;
/** How long the presigned URL may be used to connect (only the connect is checked). */
const URL_SECONDS = 5 * 60;

export interface RoleParts {
  partition: string;
  account: string;
}

/** `arn:aws:iam::123456789012:role/x` → partition and account. */
export function roleParts(roleArn: string): RoleParts {
  const match = /^arn:([a-z-]+):iam::(\d{12}):role\//.exec(roleArn);
  if (!match) throw new Error(`Not an IAM role ARN: ${roleArn}`);
  return { partition: match[1]!, account: match[2]! };
}

/**
 * The session policy: connect as this client id, subscribe to and receive these topics, nothing
 * else. `topic*` names both resource types an MQTT subscription is checked against
 * (`topicfilter/…` for SUBSCRIBE, `topic/…` for each message received), which keeps a stream's
 * policy inside the size STS allows; the listener role's own policy allows no more than its prefix.
 */
export function sessionPolicy(region: string, role: RoleParts, clientId: string, topics: readonly string[]): string {
  const iot = `arn:${role.partition}:iot:${region}:${role.account}`;
  const policy = JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: 'iot:Connect', Resource: `${iot}:client/${clientId}` },
      { Effect: 'Allow', Action: ['iot:Subscribe', 'iot:Receive'], Resource: topics.map((topic) => `${iot}:topic*/${topic}`) },
    ],
  });
  if (policy.length > SESSION_POLICY_MAX) throw new Error(`The session policy for ${topics.length} topics is ${policy.length} characters; STS takes ${SESSION_POLICY_MAX}`);
  return policy;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * A presigned `wss://host/mqtt` URL for IoT Core (service `iotdevicegateway`). IoT wants the
 * session token added after signing, outside the signature.
 */
export async function presignedMqttUrl(endpoint: string, region: string, credentials: Credentials, now = new Date()): Promise<string> {
  const host = new URL(endpoint).host;
  const signer = new SignatureV4({
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    region,
    service: 'iotdevicegateway',
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.presign(
    { method: 'GET', protocol: 'wss:', hostname: host, path: '/mqtt', headers: { host }, query: {} },
    { expiresIn: URL_SECONDS, signingDate: now },
  );
  const query = Object.entries(signed.query ?? {}).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  if (credentials.sessionToken) query.push(`X-Amz-Security-Token=${encodeURIComponent(credentials.sessionToken)}`);
  return `wss://${host}/mqtt?${query.join('&')}`;
}

let sts: STSClient | undefined;

/** Credentials of the listener role narrowed to `topics`, and the URL they open. */
export async function listenerUrl(options: { endpoint: string; region: string; roleArn: string; clientId: string; topics: readonly string[] }): Promise<string> {
  sts ??= new STSClient({ region: options.region });
  const out = await sts.send(
    new AssumeRoleCommand({
      RoleArn: options.roleArn,
      RoleSessionName: options.clientId.slice(-64),
      Policy: sessionPolicy(options.region, roleParts(options.roleArn), options.clientId, options.topics),
      DurationSeconds: SESSION_SECONDS,
    }),
  );
  const c = out.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('STS answered no credentials');
  return presignedMqttUrl(options.endpoint, options.region, { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken });
}
