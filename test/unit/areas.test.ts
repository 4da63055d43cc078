import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../functions/areas.js';
import { routes as sessions } from '../../functions/sessions/handler.js';
import { routes as agents } from '../../functions/agents/handler.js';
import { routes as locations } from '../../functions/locations/handler.js';
import { routes as notifications } from '../../functions/notifications/handler.js';
import { routes as repairOrders } from '../../functions/repairOrders/handler.js';
import { routes as messages } from '../../functions/messages/handler.js';
import { routes as customers } from '../../functions/customers/handler.js';
import { routes as dms } from '../../functions/dms/handler.js';
import { routes as inspections } from '../../functions/inspections/handler.js';
import { routes as recommendations } from '../../functions/recommendations/handler.js';
import { routes as customerInspections } from '../../functions/customerInspections/handler.js';
import { routes as appointments } from '../../functions/appointments/handler.js';

const handlers: Record<keyof typeof API_AREAS, Record<string, unknown>> = { sessions, agents, locations, notifications, repairOrders, messages, appointments, customers, dms, inspections, recommendations, customerInspections };

describe('API area manifest', () => {
  it('lists exactly the route keys each area handler answers', () => {
    for (const [area, spec] of Object.entries(API_AREAS)) {
      const answered = Object.keys(handlers[area as keyof typeof API_AREAS]).sort();
      expect(answered, area).toEqual([...spec.routes].sort());
    }
  });

  it('never gives one route key to two areas', () => {
    const all = Object.values(API_AREAS).flatMap((a) => a.routes);
    expect(new Set(all).size).toBe(all.length);
  });
});
