/** Set by web/vite.config.ts from infra/version.ts: the release this build is. */
declare const __APP_VERSION__: string;
