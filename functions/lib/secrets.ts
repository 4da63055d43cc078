/**
 * Secrets the functions read: inline from the environment on the local stack, from Secrets
 * Manager in AWS (by ARN). Read once per container; a failed read is retried on the next call.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.js';

const cache = new Map<string, Promise<string>>();
let client: SecretsManagerClient | undefined;

async function fetchSecret(arn: string): Promise<string> {
  client ??= new SecretsManagerClient({ region: config.region });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`Secret ${arn} is empty`);
  return out.SecretString;
}

/** The secret named by `<name>` (inline) or `<name>_ARN`; undefined when neither is set. */
export function secret(name: string): Promise<string> | undefined {
  const inline = process.env[name];
  if (inline) return Promise.resolve(inline);
  const arn = process.env[`${name}_ARN`];
  if (!arn) return undefined;
  let value = cache.get(arn);
  if (!value) {
    value = fetchSecret(arn).catch((err: unknown) => {
      cache.delete(arn);
      throw err;
    });
    cache.set(arn, value);
  }
  return value;
}
