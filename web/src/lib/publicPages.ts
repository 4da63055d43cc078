/**
 * Pages a feature opens without sign-in (a link's token is their key: the setup wizard): declared
 * in the feature's screen.ts with `declarePublicPage`, routed by app/router.tsx under the public
 * layout, loaded with their own chunk. So a feature's public page edits nothing outside its folder.
 */
import type { ScreenLoader } from './screenDefinition.js';

export interface PublicPage {
  /** Under /app, without the leading slash (react-router pattern). */
  path: string;
  load: ScreenLoader;
}

const declared: PublicPage[] = [];

export function declarePublicPage(page: PublicPage): void {
  if (!declared.some((known) => known.path === page.path)) declared.push(page);
}

/** Every declared public page (the registry's screen modules have all loaded by the time the router is built). */
export function publicPages(): readonly PublicPage[] {
  return declared;
}
