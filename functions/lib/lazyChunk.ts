/**
 * A module that a Lambda keeps in a file of its own beside its bundle, loaded the first time it is
 * used rather than when the function starts (infra/server-function.ts `lazyChunks` builds it next to
 * index.mjs). esbuild does not follow an import whose path is computed, so the module stays out of
 * the main bundle; running from source (npm start, the tests) the same call loads the TypeScript file.
 *
 * `file` is the module's name beside the caller (`pdf.js`); in a bundle, where the caller is
 * `index.mjs`, it is loaded as `pdf.mjs` (the chunk is an ES module like the bundle).
 */
export function lazyChunk<T>(file: string, callerUrl: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const bundled = callerUrl.endsWith('.mjs');
  const url = new URL(bundled ? file.replace(/\.js$/, '.mjs') : file, callerUrl).href;
  return () => (loading ??= import(url) as Promise<T>);
}

/**
 * A chunk as the stack builds it: `entry` from the project root, `file` as `loadedBy` asks for it
 * (beside it, so the same name works from source and from the bundle). A function whose bundle holds
 * `loadedBy` must have the chunk built beside it (test/infra/bundling.test.ts checks every bundle).
 */
export interface ChunkOfModule {
  readonly entry: string;
  readonly file: string;
  readonly loadedBy: string;
}

/**
 * AWS clients that a function needs only on some requests. A dynamic `import()` of the package
 * alone would still put the client in the bundle, where Node parses it at every cold start; in a
 * chunk it costs nothing until used (its first use loads a second copy of the SDK's core, tens of
 * milliseconds, once per container). Nothing else is imported here, so infra can read these.
 */
export const S3_CHUNK: ChunkOfModule = { entry: 'functions/lib/s3Client.ts', file: 's3Client.js', loadedBy: 'functions/lib/storage.ts' };
export const CARRIER_CHUNK: ChunkOfModule = { entry: 'functions/lib/carrierClients.ts', file: 'carrierClients.js', loadedBy: 'functions/lib/carrier.ts' };
export const LAMBDA_CHUNK: ChunkOfModule = { entry: 'functions/lib/lambdaClient.ts', file: 'lambdaClient.js', loadedBy: 'functions/lib/background.ts' };
export const MAIL_CHUNK: ChunkOfModule = { entry: 'functions/lib/sesMail.ts', file: 'sesMail.js', loadedBy: 'functions/lib/mail.ts' };
/**
 * Amazon Chime SDK Voice, to place and hang up calls (functions/lib/chimeTelephony.ts). Not one of
 * the conversation chunks: only the functions that start or end calls carry it, and the stack gives
 * exactly those the right to (infra/telephony.ts `equip`).
 */
export const TELEPHONY_CHUNK: ChunkOfModule = { entry: 'functions/lib/telephonyClients.ts', file: 'telephonyClients.js', loadedBy: 'functions/lib/chimeTelephony.ts' };

/**
 * What a function that works conversations (it carries the boards' code: their listeners send
 * texts, keep attachments, e-mail managers and start background work such as a report) may load:
 * every such function carries all four, so a board that starts e-mailing, storing or working in the
 * background needs no packaging change elsewhere.
 */
export const CONVERSATION_CHUNKS: readonly ChunkOfModule[] = [S3_CHUNK, CARRIER_CHUNK, MAIL_CHUNK, LAMBDA_CHUNK];
