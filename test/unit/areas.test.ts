import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../functions/areas.js';
import { routes as sessions } from '../../functions/sessions/handler.js';
import { routes as agents } from '../../functions/agents/handler.js';
import { routes as locations } from '../../functions/locations/handler.js';
import { routes as notifications } from '../../functions/notifications/handler.js';

const handlers = { sessions, agents, locations, notifications };

describe('API area manifest', () => {
  it('lists exactly the route keys each area handler answers', () => {
    for (const [area, spec] of Object.entries(API_AREAS)) {
      const answered = Object.keys(handlers[area as keyof typeof handlers]).sort();
      expect(answered, area).toEqual([...spec.routes].sort());
    }
  });

  it('never gives one route key to two areas', () => {
    const all = Object.values(API_AREAS).flatMap((a) => a.routes);
    expect(new Set(all).size).toBe(all.length);
  });
});
