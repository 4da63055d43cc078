/** The Lambda client, a chunk of its own (LAMBDA_CHUNK): only starting background work needs it. */
export { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
