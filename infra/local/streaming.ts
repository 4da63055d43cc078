/**
 * Lambda response streaming, locally. Inside Lambda the Node runtime provides the global
 * `awslambda` (streamifyResponse, HttpResponseStream); elsewhere it does not exist, so the SSE
 * handler could not even be imported. This shim follows the runtime's contract
 * (aws-lambda-nodejs-runtime-interface-client): the handler is marked with the runtime's symbol
 * and called as `handler(event, responseStream, context)`; `setContentType()` works only before
 * the first write; `HttpResponseStream.from()` switches the content type to the HTTP integration
 * prelude and writes `JSON metadata + 8 NUL bytes` before the first body bytes, which the
 * function URL side (here: `invokeStreaming`) turns back into status, headers and cookies.
 *
 * Install it (`installStreamingShim()`) before the handler module is imported.
 */
import { Writable } from 'node:stream';
import type { Context } from 'aws-lambda';

const HANDLER_STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
const HANDLER_HIGHWATERMARK = Symbol.for('aws.lambda.runtime.handler.streaming.highWaterMark');
const STREAM_RESPONSE = 'response';
const PRELUDE_CONTENT_TYPE = 'application/vnd.awslambda.http-integration-response';
const DELIMITER_LENGTH = 8;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

type WriteCallback = (error: Error | null | undefined) => void;

/** Where the streamed response goes: the HTTP response of the local server, or a test's recorder. */
export interface ResponseSink {
  /** Status line and headers; called once, before the first body bytes. */
  head(statusCode: number, headers: Record<string, string>, cookies: string[]): void;
  write(chunk: Buffer, done: (error?: Error | null) => void): void;
  end(done: () => void): void;
  /** The invocation failed after the head was sent: cut the response short. */
  abort(): void;
}

export interface ResponseMetadata {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  cookies?: string[];
}

/** The `responseStream` a streaming handler receives. */
export class LocalResponseStream extends Writable {
  /** Set by HttpResponseStream.from(); runs once, just before the first body write. */
  _onBeforeFirstWrite: ((write: (chunk: string | Uint8Array) => void) => void) | undefined;
  private contentType = DEFAULT_CONTENT_TYPE;
  private writeCalled = false;
  private readonly decoder: PreludeDecoder;

  constructor(sink: ResponseSink, highWaterMark?: number) {
    super(highWaterMark === undefined ? {} : { highWaterMark });
    this.decoder = new PreludeDecoder(sink, () => this.contentType);
  }

  setContentType(contentType: string): void {
    if (this.writeCalled) throw new Error('Cannot set content-type, too late.');
    this.contentType = String(contentType);
  }

  override write(chunk: unknown, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean {
    // The runtime sends non-binary values as JSON rather than failing.
    const data = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : JSON.stringify(chunk);
    this.beforeFirstWrite();
    if (typeof encoding === 'function') return super.write(data, encoding);
    return encoding === undefined ? super.write(data, callback) : super.write(data, encoding, callback);
  }

  override end(chunk?: unknown, encoding?: BufferEncoding | (() => void), callback?: () => void): this {
    // Writable.end(chunk) bypasses write(); route the last chunk through it so the prelude goes first.
    if (typeof chunk === 'function') return super.end(chunk as () => void);
    if (chunk !== undefined && chunk !== null) {
      if (typeof encoding === 'function') this.write(chunk);
      else this.write(chunk, encoding);
    }
    return typeof encoding === 'function' ? super.end(encoding) : super.end(callback);
  }

  private beforeFirstWrite(): void {
    if (this.writeCalled) return;
    this.writeCalled = true;
    this._onBeforeFirstWrite?.((chunk) => this.decoder.push(Buffer.from(chunk)));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.decoder.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    // Ending without a single write still sends the metadata (status and headers) of from().
    this.beforeFirstWrite();
    this.decoder.end(() => callback());
  }

  /** Whether status and headers have gone out. */
  get headSent(): boolean {
    return this.decoder.headSent;
  }
}

/**
 * Reads the bytes a handler writes: with the prelude content type, the JSON metadata up to the
 * 8-NUL delimiter gives status, headers and cookies; everything after it is the body.
 */
class PreludeDecoder {
  headSent = false;
  private pending: Buffer = Buffer.alloc(0);
  private preludeDone = false;

  constructor(
    private readonly sink: ResponseSink,
    private readonly contentType: () => string,
  ) {}

  /** Prelude bytes written by the hook, synchronously, before any body bytes. */
  push(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
  }

  write(chunk: Buffer, done: (error?: Error | null) => void): void {
    const body = this.take(chunk);
    if (body === null || body.length === 0) return done();
    this.sendHead();
    this.sink.write(body, done);
  }

  end(done: () => void): void {
    const rest = this.take(Buffer.alloc(0));
    this.sendHead();
    if (rest && rest.length > 0) this.sink.write(rest, () => this.sink.end(done));
    else this.sink.end(done);
  }

  /** Body bytes of this chunk, or null while the prelude is still incomplete. */
  private take(chunk: Buffer): Buffer | null {
    if (this.contentType() !== PRELUDE_CONTENT_TYPE || this.preludeDone) {
      if (this.pending.length === 0) return chunk;
      const all = Buffer.concat([this.pending, chunk]);
      this.pending = Buffer.alloc(0);
      return all;
    }
    this.pending = Buffer.concat([this.pending, chunk]);
    const at = this.pending.indexOf(Buffer.alloc(DELIMITER_LENGTH));
    if (at === -1) return null;
    const metadata = parseMetadata(this.pending.subarray(0, at));
    const body = this.pending.subarray(at + DELIMITER_LENGTH);
    this.pending = Buffer.alloc(0);
    this.preludeDone = true;
    this.sendHead(metadata);
    return body;
  }

  private sendHead(metadata?: ResponseMetadata): void {
    if (this.headSent) return;
    this.headSent = true;
    if (!metadata) {
      this.sink.head(200, { 'content-type': this.contentType() === PRELUDE_CONTENT_TYPE ? DEFAULT_CONTENT_TYPE : this.contentType() }, []);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(metadata.headers ?? {})) headers[name.toLowerCase()] = String(value);
    this.sink.head(metadata.statusCode ?? 200, headers, metadata.cookies ?? []);
  }
}

function parseMetadata(bytes: Buffer): ResponseMetadata {
  const value: unknown = JSON.parse(bytes.toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('Invalid HTTP integration response prelude');
  return value as ResponseMetadata;
}

/** `awslambda.HttpResponseStream`, as the runtime implements it. */
export class HttpResponseStream {
  static from(underlyingStream: LocalResponseStream, prelude: ResponseMetadata): LocalResponseStream {
    underlyingStream.setContentType(PRELUDE_CONTENT_TYPE);
    const metadataPrelude = JSON.stringify(prelude);
    underlyingStream._onBeforeFirstWrite = (write) => {
      write(metadataPrelude);
      write(new Uint8Array(DELIMITER_LENGTH));
    };
    return underlyingStream;
  }
}

export type StreamingHandler<TEvent = unknown> = (event: TEvent, responseStream: LocalResponseStream, context: Context) => unknown;

type MarkedHandler = StreamingHandler & { [HANDLER_STREAMING]?: string; [HANDLER_HIGHWATERMARK]?: number };

/** `awslambda.streamifyResponse`: marks the handler the way the runtime recognises it. */
export function streamifyResponse<T extends StreamingHandler>(handler: T, options?: { highWaterMark?: number }): T {
  const marked = handler as T & MarkedHandler;
  marked[HANDLER_STREAMING] = STREAM_RESPONSE;
  if (typeof options?.highWaterMark === 'number') marked[HANDLER_HIGHWATERMARK] = options.highWaterMark;
  return handler;
}

export function isStreamingHandler(handler: unknown): handler is StreamingHandler {
  return typeof handler === 'function' && (handler as MarkedHandler)[HANDLER_STREAMING] === STREAM_RESPONSE;
}

/**
 * Puts streamifyResponse and HttpResponseStream on the global `awslambda`, as the Lambda runtime
 * does. The object may already exist: @aws/lambda-invoke-store (under Powertools) creates it for
 * its InvokeStore, so the shim adds to it and keeps whatever is there.
 */
export function installStreamingShim(): void {
  const global = globalThis as { awslambda?: Record<string, unknown> };
  const awslambda = global.awslambda ?? {};
  awslambda.streamifyResponse ??= streamifyResponse;
  awslambda.HttpResponseStream ??= HttpResponseStream;
  global.awslambda = awslambda;
}

/**
 * One invocation of a streaming handler. Like the runtime: the handler must be async; after it
 * resolves the invocation lasts until the stream is finished; an error before any output answers
 * 502 (what a function URL answers for a failed invocation), an error later cuts the response.
 * The stream is destroyed when the client goes away (`disconnect()`), which a handler's loop sees
 * as `responseStream.destroyed` / the 'close' event / failing writes.
 */
export function invokeStreaming<TEvent>(
  handler: StreamingHandler<TEvent>,
  event: TEvent,
  context: Context,
  sink: ResponseSink,
): { done: Promise<void>; disconnect(): void } {
  const highWaterMark = (handler as MarkedHandler)[HANDLER_HIGHWATERMARK];
  const stream = new LocalResponseStream(sink, highWaterMark);
  // A handler that ignores write errors must not crash the server.
  stream.on('error', () => undefined);

  const fail = (err: unknown) => {
    console.error('[events] streaming handler failed:', err);
    if (!stream.headSent) {
      sink.head(502, { 'content-type': 'application/json' }, []);
      sink.write(Buffer.from(JSON.stringify({ message: 'Internal Server Error' })), () => sink.end(() => undefined));
    } else {
      sink.abort();
    }
    if (!stream.destroyed) stream.destroy();
  };

  const done = (async () => {
    try {
      const result = handler(event, stream, context);
      if (!isPromise(result)) throw new Error('Streaming does not support non-async handlers.');
      await result;
      await closed(stream);
    } catch (err) {
      fail(err);
    }
  })();

  return {
    done,
    disconnect: () => {
      if (!stream.destroyed) stream.destroy();
    },
  };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).then === 'function';
}

function closed(stream: Writable): Promise<void> {
  if (stream.writableFinished || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('finish', resolve);
    stream.once('close', resolve);
  });
}
