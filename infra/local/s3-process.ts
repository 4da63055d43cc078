/**
 * s3rver in a child process of its own. s3rver encrypts list continuation tokens with DES, which
 * Node's OpenSSL 3 only offers under --openssl-legacy-provider; running it here, with that flag,
 * keeps the flag out of the processes that run the handlers and the tests.
 *
 * Started by s3.ts through fork(): it reports `{ port }` over IPC once listening and exits when
 * the parent goes away (IPC disconnect), so it can never outlive the stack.
 */
import S3rver from 's3rver';

interface Options {
  /** 127.0.0.1: s3rver answers only this machine. */
  address: string;
  /** 0 picks a free one; a restart passes the port of the first run. */
  port: number;
  directory: string;
  buckets: string[];
  resetOnClose: boolean;
}

// Browsers upload and download with presigned URLs straight to the bucket, from the console's origin.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const options = JSON.parse(process.argv[2] ?? '{}') as Options;

const server = new S3rver({
  address: options.address,
  port: options.port,
  silent: true,
  directory: options.directory,
  resetOnClose: options.resetOnClose,
  configureBuckets: options.buckets.map((name) => ({ name, configs: [CORS] })),
});

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  process.exit(0);
}

process.on('disconnect', () => void close());
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

const address = await server.run();
process.send?.({ port: address.port });
