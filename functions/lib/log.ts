import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; the http wrapper adds the request id, and auth adds tenant and agent. */
export const logger = new Logger({ serviceName: 'dealer-console', logLevel: process.env.LOG_LEVEL === 'silent' ? 'SILENT' : (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO' });
