import { describe, expect, it } from 'vitest';
import { API_AREAS, type AreaName } from '../../functions/areas.js';

/** Each area's handler module, loaded from the entry the manifest names (a board's areas included). */
async function answeredBy(area: AreaName): Promise<string[]> {
  const module = (await import(`../../${API_AREAS[area].entry.replace(/\.ts$/, '.js')}`)) as { routes: Record<string, unknown> };
  return Object.keys(module.routes).sort();
}

describe('API area manifest', () => {
  it('lists exactly the route keys each area handler answers', async () => {
    for (const [area, spec] of Object.entries(API_AREAS) as [AreaName, (typeof API_AREAS)[AreaName]][]) {
      expect(await answeredBy(area), area).toEqual([...spec.routes].sort());
    }
  });

  it('never gives one route key to two areas', () => {
    const all = Object.values(API_AREAS).flatMap((a) => a.routes);
    expect(new Set(all).size).toBe(all.length);
  });
});
