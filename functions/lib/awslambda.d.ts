/** The Lambda Node.js runtime's global for response streaming (a shim provides it locally). */
import type { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

declare global {
  interface ResponseStream extends Writable {
    setContentType(contentType: string): void;
  }
  type StreamingHandler = (event: APIGatewayProxyEventV2, responseStream: ResponseStream, context: Context) => Promise<void>;
  const awslambda: {
    streamifyResponse(handler: StreamingHandler): StreamingHandler;
    HttpResponseStream: {
      from(stream: ResponseStream, metadata: { statusCode: number; headers?: Record<string, string> }): ResponseStream;
    };
  };
}
export {};
