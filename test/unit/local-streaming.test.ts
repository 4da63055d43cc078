import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/lambda-event.js';
import { responseSink } from '../../infra/local/server.js';
import {
  HttpResponseStream,
  installStreamingShim,
  invokeStreaming,
  isStreamingHandler,
  streamifyResponse,
  type LocalResponseStream,
  type ResponseSink,
} from '../../infra/local/streaming.js';

type Call = ['head', number, Record<string, string>, string[]] | ['write', string] | ['end'] | ['abort'];

/** A sink that records what the HTTP side would have been told, in order. */
function recorder(): { sink: ResponseSink; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    sink: {
      head: (status, headers, cookies) => calls.push(['head', status, headers, cookies]),
      write: (chunk, done) => {
        calls.push(['write', chunk.toString('utf8')]);
        done();
      },
      end: (done) => {
        calls.push(['end']);
        done();
      },
      abort: () => calls.push(['abort']),
    },
  };
}

const context: Context = lambdaContext('test-events', 'req-1');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('streamifyResponse', () => {
  it('marks a handler the way the Lambda runtime recognises streaming handlers', () => {
    const handler = streamifyResponse(async () => undefined);
    expect(isStreamingHandler(handler)).toBe(true);
    expect((handler as unknown as Record<symbol, unknown>)[Symbol.for('aws.lambda.runtime.handler.streaming')]).toBe('response');
    expect(isStreamingHandler(async () => undefined)).toBe(false);
  });

  it('installs awslambda on the global object, adding to one that is already there', () => {
    const global = globalThis as unknown as { awslambda?: Record<string, unknown> };
    const current = () => global.awslambda;
    const before = current();
    try {
      delete global.awslambda;
      installStreamingShim();
      expect(current()?.streamifyResponse).toBe(streamifyResponse);
      expect(current()?.HttpResponseStream).toBe(HttpResponseStream);

      // Powertools' invoke store creates the global first, for its own use.
      const invokeStore = { get: () => undefined };
      global.awslambda = { InvokeStore: invokeStore };
      installStreamingShim();
      expect(current()).toMatchObject({ InvokeStore: invokeStore, streamifyResponse, HttpResponseStream });
    } finally {
      global.awslambda = before;
    }
  });
});

describe('invokeStreaming', () => {
  it('sends the status, headers and cookies of HttpResponseStream.from before the body, then each write in order', async () => {
    // Prepare
    const { sink, calls } = recorder();
    const handler = streamifyResponse(async (_event, responseStream: LocalResponseStream) => {
      const stream = HttpResponseStream.from(responseStream, {
        statusCode: 201,
        headers: { 'Content-Type': 'text/event-stream', 'X-Count': 2 },
        cookies: ['a=1; Path=/'],
      });
      stream.write('event: one\n\n');
      stream.write('event: two\n\n');
      stream.end();
    });
    // Act
    await invokeStreaming(handler, {}, context, sink).done;
    // Assess
    expect(calls).toEqual([
      ['head', 201, { 'content-type': 'text/event-stream', 'x-count': '2' }, ['a=1; Path=/']],
      ['write', 'event: one\n\n'],
      ['write', 'event: two\n\n'],
      ['end'],
    ]);
  });

  it('uses setContentType without metadata, and refuses it once writing has begun', async () => {
    const { sink, calls } = recorder();
    let late: unknown;
    const handler = streamifyResponse(async (_event, stream: LocalResponseStream) => {
      stream.setContentType('text/plain');
      stream.write('hello');
      try {
        stream.setContentType('text/html');
      } catch (err) {
        late = err;
      }
      stream.end();
    });
    await invokeStreaming(handler, {}, context, sink).done;
    expect(calls[0]).toEqual(['head', 200, { 'content-type': 'text/plain' }, []]);
    expect(calls[1]).toEqual(['write', 'hello']);
    expect((late as Error).message).toBe('Cannot set content-type, too late.');
  });

  it('sends the metadata when the handler ends with a last chunk or without writing at all', async () => {
    const withChunk = recorder();
    await invokeStreaming(
      streamifyResponse(async (_e, s: LocalResponseStream) => {
        HttpResponseStream.from(s, { statusCode: 401, headers: { 'content-type': 'application/json' } }).end('{"error":"no"}');
      }),
      {},
      context,
      withChunk.sink,
    ).done;
    expect(withChunk.calls).toEqual([['head', 401, { 'content-type': 'application/json' }, []], ['write', '{"error":"no"}'], ['end']]);

    const empty = recorder();
    await invokeStreaming(
      streamifyResponse(async (_e, s: LocalResponseStream) => {
        HttpResponseStream.from(s, { statusCode: 204 }).end();
      }),
      {},
      context,
      empty.sink,
    ).done;
    expect(empty.calls).toEqual([['head', 204, {}, []], ['end']]);
  });

  it('writes objects as JSON, as the runtime does', async () => {
    const { sink, calls } = recorder();
    await invokeStreaming(
      streamifyResponse(async (_e, s: LocalResponseStream) => {
        s.write({ ok: true });
        s.end();
      }),
      {},
      context,
      sink,
    ).done;
    expect(calls).toContainEqual(['write', '{"ok":true}']);
  });

  it('keeps the invocation open until the stream ends, even after the handler returned', async () => {
    const { sink, calls } = recorder();
    let finished = false;
    const invocation = invokeStreaming(
      streamifyResponse(async (_e, s: LocalResponseStream) => {
        s.write('first');
        setTimeout(() => s.end('last'), 30);
      }),
      {},
      context,
      sink,
    );
    void invocation.done.then(() => (finished = true));
    await sleep(5);
    expect(finished).toBe(false);
    await invocation.done;
    expect(calls.slice(-2)).toEqual([['write', 'last'], ['end']]);
  });

  it("stops a handler's loop when the client disconnects", async () => {
    // Prepare: a handler that writes until its stream is closed, like the SSE loop.
    const { sink } = recorder();
    let writes = 0;
    let sawClose = false;
    const handler = streamifyResponse(async (_e, s: LocalResponseStream) => {
      s.on('close', () => (sawClose = true));
      while (!s.destroyed && !s.writableEnded) {
        s.write(`tick ${writes++}\n`);
        await sleep(5);
      }
    });
    // Act
    const invocation = invokeStreaming(handler, {}, context, sink);
    await sleep(30);
    invocation.disconnect();
    await invocation.done;
    const afterDisconnect = writes;
    await sleep(30);
    // Assess
    expect(sawClose).toBe(true);
    expect(afterDisconnect).toBeGreaterThan(0);
    expect(writes).toBe(afterDisconnect);
  });

  it('answers 502 when the handler fails before writing, and cuts the response when it fails later', async () => {
    const early = recorder();
    await invokeStreaming(
      streamifyResponse(async () => {
        throw new Error('boom');
      }),
      {},
      context,
      early.sink,
    ).done;
    expect(early.calls[0]?.slice(0, 2)).toEqual(['head', 502]);
    expect(early.calls.at(-1)).toEqual(['end']);

    const late = recorder();
    await invokeStreaming(
      streamifyResponse(async (_e, s: LocalResponseStream) => {
        s.write('partial');
        await sleep(1);
        throw new Error('boom');
      }),
      {},
      context,
      late.sink,
    ).done;
    expect(late.calls.map((c) => c[0])).toEqual(['head', 'write', 'abort']);
  });

  it('refuses a handler that is not async, as the runtime does', async () => {
    const { sink, calls } = recorder();
    const handler = streamifyResponse((() => undefined) as unknown as (e: unknown, s: LocalResponseStream) => Promise<void>);
    await invokeStreaming(handler, {}, context, sink).done;
    expect(calls[0]?.slice(0, 2)).toEqual(['head', 502]);
  });
});

describe('responseSink over HTTP', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('delivers each write to the client at once, not when the response ends', async () => {
    // Prepare: the handler writes its second event only after the client has read the first.
    let clientReadFirst!: () => void;
    const firstRead = new Promise<void>((resolve) => (clientReadFirst = resolve));
    const handler = streamifyResponse(async (_e, responseStream: LocalResponseStream) => {
      const stream = HttpResponseStream.from(responseStream, { statusCode: 200, headers: { 'content-type': 'text/event-stream' } });
      stream.write('data: one\n\n');
      await firstRead;
      stream.end('data: two\n\n');
    });
    server = createServer((_req, res) => void invokeStreaming(handler, {}, context, responseSink(res)).done);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    // Act
    const res = await fetch(`http://127.0.0.1:${port}/events`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    clientReadFirst();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(first.value).toBe('data: one\n\n');
    expect(rest).toBe('data: two\n\n');
  });
});
