/**
 * What a screen of the console tells the shell about itself (SPEC §2 "Menu areas"): each feature
 * declares its own in `features/<feature>/screen.ts`, and `app/screens.ts` lists those modules, so a
 * new board is its folder plus one line there. A definition must stay tiny: it sits in the shell's
 * bundle, so it names its component only through `load` and its name only in the menu's words.
 */
import type { ComponentType } from 'react';
import type { AccessFlags } from '../../../shared/access.js';
import type { Locale } from '../../../shared/locales.js';
import { currentLocale } from './i18n.js';
import { useStore } from './store.js';

export type MenuGroup = 'main' | 'administration' | 'misc';

/** The languages that have words; `debug` shows keys instead. */
export type WordedLocale = Exclude<Locale, 'debug'>;

/**
 * A screen's name in every worded language, kept beside the screen (`locales/menu.json`) so the menu
 * can name every screen without downloading every board's words. A record missing a language fails
 * the typecheck where `menuLabel` reads it.
 */
export type MenuWords = Readonly<Record<WordedLocale, string>>;

export interface MenuLabel {
  /** What `debug` shows, as it shows a key for every other text. */
  key: string;
  words: MenuWords;
}

/** A screen's component, fetched with its chunk once the agent may open it. */
export type ScreenLoader = () => Promise<ComponentType>;

export interface ScreenDefinition {
  /** Under /app; '/' is the service board. */
  path: string;
  group: MenuGroup;
  /** Place in the menu (SPEC §2 order): the registry's modules come in any order, the menu sorts by this. */
  order: number;
  label: MenuLabel;
  allowed: (flags: AccessFlags) => boolean;
  /** Absent while the screen is not built: it then says it arrives in a later release. */
  load?: ScreenLoader;
  /** Further routes that open with this screen's permissions and have no menu entry of their own (paths under /app, without the leading slash). */
  routes?: readonly { path: string; load: ScreenLoader }[];
  /** A page opened by a link or a provider's return (`/stripe_callback`), never listed in the menu. */
  hidden?: boolean;
}

/** The label of screen `name` from a feature's menu words. */
export function menuLabel<Name extends string>(menu: Readonly<Record<Name, MenuWords>>, name: NoInfer<Name>): MenuLabel {
  return { key: `menu.${name}`, words: menu[name] };
}

export function screenName(label: MenuLabel, locale: Locale): string {
  return locale === 'debug' ? label.key : label.words[locale];
}

/** The screen's name in the page's language, following a language switch. */
export function useScreenName(label: MenuLabel): string {
  return screenName(label, useStore(currentLocale));
}
