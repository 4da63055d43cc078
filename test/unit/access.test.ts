import { describe, expect, it } from 'vitest';
import {
  accessLevel,
  actsAsImpersonated,
  landingPath,
  mayImpersonate,
  mayReadSettings,
  noAccess,
  settingsToLoad,
  type AccessFlags,
} from '../../shared/access.js';

const flags = (on: Partial<AccessFlags>): AccessFlags => ({ ...noAccess(), ...on });
const techOn = { enabled: true, mpi_enabled: true };

describe('accessLevel', () => {
  it('is 2 for admins, 1 for managers, 0 otherwise', () => {
    expect(accessLevel(flags({ admin: true, manager: true }))).toBe(2);
    expect(accessLevel(flags({ manager: true }))).toBe(1);
    expect(accessLevel(flags({ service: true, hr: true }))).toBe(0);
  });
});

describe('landingPath', () => {
  it('follows the board order of SPEC §2', () => {
    expect(landingPath(flags({ service: true, appointments: true }), null)).toBe('/');
    expect(landingPath(flags({ appointments: true, hr: true }), null)).toBe('/appointments');
    expect(landingPath(flags({ hr: true, chat: true }), null)).toBe('/employees');
    expect(landingPath(flags({ technician: true, chat: true }), techOn)).toBe('/mpi');
    expect(landingPath(flags({ chat: true }), null)).toBe('/internalchat');
    expect(landingPath(flags({}), null)).toBe('/noboard');
  });

  it('sends a technician without MPI enabled elsewhere', () => {
    expect(landingPath(flags({ technician: true }), { enabled: true, mpi_enabled: false })).toBe('/noboard');
    expect(landingPath(flags({ technician: true, chat: true }), { enabled: false, mpi_enabled: true })).toBe('/internalchat');
  });

  it('gives an inventory-only agent the inventory board', () => {
    expect(landingPath(flags({ inventory: true }), null)).toBe('/inventory');
  });
});

describe('impersonation', () => {
  const admin = flags({ admin: true });
  const manager = flags({ manager: true });
  const advisor = flags({ service: true });

  it('acts as a lower or equal user, never as a higher one', () => {
    expect(actsAsImpersonated(admin, advisor)).toBe(true);
    expect(actsAsImpersonated(manager, manager)).toBe(true);
    expect(actsAsImpersonated(advisor, flags({ chat: true }))).toBe(true);
    expect(actsAsImpersonated(manager, admin)).toBe(false);
  });

  it('lets admins pick anyone and managers only non-admins of their location', () => {
    expect(mayImpersonate({ flags: admin, locationId: 'a' }, { flags: manager, locationId: 'b' })).toBe(true);
    expect(mayImpersonate({ flags: manager, locationId: 'a' }, { flags: advisor, locationId: 'a' })).toBe(true);
    expect(mayImpersonate({ flags: manager, locationId: 'a' }, { flags: advisor, locationId: 'b' })).toBe(false);
    expect(mayImpersonate({ flags: manager, locationId: 'a' }, { flags: admin, locationId: 'a' })).toBe(false);
    expect(mayImpersonate({ flags: advisor, locationId: 'a' }, { flags: advisor, locationId: 'a' })).toBe(false);
  });
});

describe('settings by flag (SPEC §6)', () => {
  it('loads service and technician settings for service or technician agents', () => {
    expect(settingsToLoad(flags({ technician: true }))).toEqual(['service_settings', 'technician_settings']);
    expect(settingsToLoad(flags({ service: true }))).toContain('service_calls_settings');
  });

  it('loads business information only for managers and admins', () => {
    expect(settingsToLoad(flags({ manager: true }))).toContain('business_information');
    expect(settingsToLoad(flags({ service: true, hr: true, chat: true }))).not.toContain('business_information');
  });

  it('refuses groups outside the agent’s boards', () => {
    expect(mayReadSettings(flags({ hr: true }), 'employee_settings')).toBe(true);
    expect(mayReadSettings(flags({ hr: true }), 'service_settings')).toBe(false);
    expect(mayReadSettings(flags({ service: true }), 'payments_settings')).toBe(false);
    expect(mayReadSettings(flags({ manager: true }), 'payments_settings')).toBe(true);
  });
});
