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
