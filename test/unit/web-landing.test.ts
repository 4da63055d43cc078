import { describe, expect, it } from 'vitest';
import { landingPath, noAccess, type AccessFlags } from '../../shared/access.js';
import { SCREENS, menuFor } from '../../web/src/app/menu.js';

function flags(...on: (keyof AccessFlags)[]): AccessFlags {
  return { ...noAccess(), ...Object.fromEntries(on.map((f) => [f, true])) };
}

const techOn = { enabled: true, mpi_enabled: true };
const techOff = { enabled: false, mpi_enabled: false };

/** The demo dealership's agents (infra/local seed) and where each lands after signing in. */
const DEMO: [string, AccessFlags, typeof techOn, string][] = [
  ['admin', flags('admin', 'manager', 'service', 'appointments', 'hr', 'chat', 'inventory'), techOff, '/'],
  ['manager', flags('manager', 'service', 'appointments', 'hr', 'chat', 'inventory'), techOff, '/'],
  ['advisor', flags('service', 'chat'), techOff, '/'],
  ['tech', flags('technician'), techOn, '/mpi'],
  ['appointments', flags('appointments'), techOff, '/appointments'],
  ['hr', flags('hr'), techOff, '/employees'],
  ['chat', flags('chat'), techOff, '/internalchat'],
  ['inventory', flags('inventory'), techOff, '/inventory'],
  ['noboard', flags(), techOff, '/noboard'],
];

describe('landing after sign-in', () => {
  it.each(DEMO)('%s lands on %s', (_who, access, tech, path) => {
    expect(landingPath(access, tech)).toBe(path);
  });

  it('sends a technician without MPI enabled to the no-board page', () => {
    expect(landingPath(flags('technician'), { enabled: true, mpi_enabled: false })).toBe('/noboard');
  });

  it.each(DEMO)('the screen %s lands on is one the menu lets them open', (_who, access, tech) => {
    const landing = landingPath(access, tech);
    if (landing === '/noboard') return;
    const screen = SCREENS.find((s) => s.path === landing);
    expect(screen?.allowed(access)).toBe(true);
  });
});

describe('menuFor', () => {
  const paths = (access: AccessFlags) => menuFor(access).map((g) => [g.label, g.screens.map((s) => s.path)]);

  it('shows an advisor their boards and Misc, no Administration', () => {
    expect(paths(flags('service', 'chat'))).toEqual([
      ['menu.group_main', ['/', '/mpi', '/mpi/claimed', '/internalchat', '/guests']],
      ['menu.group_misc', ['/history', '/profile', '/help']],
    ]);
  });

  it('shows a technician the MPI pool and claimed list only', () => {
    expect(paths(flags('technician'))[0]).toEqual(['menu.group_main', ['/mpi', '/mpi/claimed']]);
  });

  it('gives managers and admins the Administration group', () => {
    for (const access of [flags('manager'), flags('admin')]) {
      expect(paths(access)).toContainEqual(['menu.group_administration', ['/users', '/settings', '/reports']]);
    }
  });

  it('shows every board to an admin with every flag, in menu order', () => {
    expect(paths(flags('admin', 'manager', 'service', 'appointments', 'hr', 'chat', 'inventory'))[0]).toEqual([
      'menu.group_main',
      ['/', '/mpi', '/mpi/claimed', '/appointments', '/appointments/sent', '/employees', '/internalchat', '/guests', '/inventory'],
    ]);
  });

  it('leaves an agent without boards only Misc', () => {
    expect(paths(flags())).toEqual([['menu.group_misc', ['/history', '/profile', '/help']]]);
  });
});
