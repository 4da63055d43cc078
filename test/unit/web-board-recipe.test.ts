/**
 * A board is its own folder (DESIGN.md, docs/adding-a-board.md): on the web side a board is
 * `web/src/features/<board>/` (its screens in screen.ts, its words in locales/, its tests in tests/)
 * plus one line in web/src/app/screens.ts. These checks hold that recipe, so a board that needs an
 * edit anywhere else, or reaches into another board, is caught here.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_LOCALES, SHARED_WORDS, featureNamespaces, menuWords, readLocale } from '../support/localeFiles.js';
import { SCREENS } from '../../web/src/app/menu.js';

const webSrc = fileURLToPath(new URL('../../web/src/', import.meta.url));
const featuresDir = join(webSrc, 'features');
const FEATURES = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory());
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic import(). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1]!);
}

/** The feature folder a path lies in, or null. */
function featureOf(path: string): string | null {
  const inside = relative(featuresDir, path);
  return inside.startsWith('..') ? null : (inside.split(/[\\/]/)[0] ?? null);
}

/** The registry: `export { screens as <name> } from '<module>';`, one line per feature. */
const registryFile = join(webSrc, 'app/screens.ts');
const registryLines = readFileSync(registryFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !/^\s*(\/\*\*|\*|\/\/)/.test(line));
const registered = registryLines.map((line) => /^export \{ screens as (\w+) \} from '([^']+)';$/.exec(line));
const registeredModules = registered.map((match) => (match ? resolve(dirname(registryFile), match[2]!.replace(/\.js$/, '')) : ''));
const moduleFile = (base: string) => [`${base}.ts`, `${base}.tsx`].find((file) => existsSync(file));

describe('the web registry of screens (app/screens.ts)', () => {
  it('is one line per feature, each naming the module that declares its screens', () => {
    expect(registered.length).toBeGreaterThan(0);
    for (const [index, match] of registered.entries()) expect({ line: registryLines[index], registryLine: match !== null }).toEqual({ line: registryLines[index], registryLine: true });
    for (const base of registeredModules) expect({ base, exists: moduleFile(base) !== undefined }).toEqual({ base, exists: true });
  });

  it("lists every feature's screen.ts", () => {
    const declared = FEATURES.filter((feature) => existsSync(join(featuresDir, feature, 'screen.ts'))).map((feature) => join(featuresDir, feature, 'screen'));
    expect(declared.length).toBeGreaterThan(0);
    for (const base of declared) expect(registeredModules).toContain(base);
  });

  it("declares the screens of every feature that names screens in the menu (locales/menu.json) in a registered module", () => {
    const sources = registeredModules.map((base) => readFileSync(moduleFile(base)!, 'utf8'));
    for (const feature of FEATURES.filter((name) => existsSync(join(featuresDir, name, 'locales/menu.json')))) {
      const declaring = registeredModules.filter((base, index) =>
        specifiers(sources[index]!).some((spec) => resolve(dirname(moduleFile(base)!), spec) === join(featuresDir, feature, 'locales/menu.json')),
      );
      expect({ feature, declaredIn: declaring.length }).toEqual({ feature, declaredIn: 1 });
    }
  });

  it('gives each screen its own path and place in the menu, and a name in the menu words', () => {
    const paths = SCREENS.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    const orders = SCREENS.map((screen) => screen.order);
    expect(new Set(orders).size).toBe(orders.length);
    const words = menuWords();
    for (const screen of SCREENS) {
      expect(words.get(screen.label.key), screen.label.key).toEqual(screen.label.words);
      expect(screen.path.startsWith('/')).toBe(true);
    }
  });

  it('keeps the menu screens only in the registry: the router, the menu and ScreenRoute import no feature screen directly', () => {
    for (const file of ['app/router.tsx', 'app/layout/MainLayout.tsx', 'app/ScreenRoute.tsx', 'app/menu.ts']) {
      const screensOfFeatures = specifiers(readFileSync(join(webSrc, file), 'utf8')).filter((spec) => /features\/[^/]+\/(screen|locales\/)/.test(spec));
      expect({ file, screensOfFeatures }).toEqual({ file, screensOfFeatures: [] });
    }
  });
});

describe("a feature's words (features/<feature>/locales/<locale>.json)", () => {
  const namespaces = featureNamespaces();
  const shared = new Set(readLocale('en-us', SHARED_WORDS).keys());

  it.each(namespaces)('%s: a file for every language that has words, each with the keys of en-us', (namespace) => {
    const english = [...new Set([...readLocale('en-us', namespace).keys()].map((key) => key.replace(PLURAL, '')))].sort();
    expect(english.length).toBeGreaterThan(0);
    for (const locale of FILE_LOCALES) {
      expect({ locale, exists: existsSync(join(featuresDir, namespace, 'locales', `${locale}.json`)) }).toEqual({ locale, exists: true });
      const keys = [...new Set([...readLocale(locale, namespace).keys()].map((key) => key.replace(PLURAL, '')))].sort();
      expect({ locale, keys }).toEqual({ locale, keys: english });
    }
  });

  it.each(namespaces)('%s: no text lives both in the feature and in the shared words', (namespace) => {
    const both = [...readLocale('en-us', namespace).keys()].filter((key) => shared.has(key));
    expect(both).toEqual([]);
  });

  it.each(FEATURES)("%s reads its own namespace, or the shared words only, and no other feature's", (feature) => {
    const own = namespaces.includes(feature);
    for (const file of sourceFiles(join(featuresDir, feature))) {
      const source = readFileSync(file, 'utf8');
      const asked = [...source.matchAll(/useTranslation\(([^)]*)\)/g)].map((match) => match[1]!.trim());
      const expected = asked.map(() => (own ? `'${feature}'` : ''));
      expect({ file: relative(webSrc, file), asked }).toEqual({ file: relative(webSrc, file), asked: expected });
      const others = namespaces.filter((namespace) => namespace !== feature && new RegExp(`['"\`]${namespace}:|ns: '${namespace}'`).test(source));
      expect({ file: relative(webSrc, file), others }).toEqual({ file: relative(webSrc, file), others: [] });
    }
  });
});

describe('features', () => {
  it("never import one another: they meet in app/", () => {
    const crossings: string[] = [];
    for (const feature of FEATURES) {
      for (const file of sourceFiles(join(featuresDir, feature))) {
        for (const spec of specifiers(readFileSync(file, 'utf8'))) {
          if (!spec.startsWith('.')) continue;
          const target = featureOf(resolve(dirname(file), spec));
          if (target !== null && target !== feature) crossings.push(`${relative(webSrc, file)} → ${spec}`);
        }
      }
    }
    expect(FEATURES.length).toBeGreaterThan(0);
    expect(crossings).toEqual([]);
  });
});
