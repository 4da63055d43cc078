import { describe, expect, it } from 'vitest';
import { SETTINGS_TABS, neighbourTab, settingsTabOf } from '../../web/src/features/settings/settingsTabs.js';

describe('settingsTabOf (?tab= of /app/settings)', () => {
  it('keeps the spec order of the fourteen settings tabs', () => {
    expect(SETTINGS_TABS).toEqual([
      'account',
      'business_information',
      'service',
      'csi',
      'landing_pages',
      'pay_online',
      'appointments',
      'employee',
      'developer',
      'inventory',
      'voice_calls',
      'templates',
      'tech',
      'gatekeeper_settings',
    ]);
  });

  it('reads a number as the index in that list, so ?tab=5 (the card provider\'s return) is pay online', () => {
    expect(settingsTabOf('5')).toBe('pay_online');
    expect(settingsTabOf('0')).toBe('account');
    expect(settingsTabOf('12')).toBe('tech');
    expect(settingsTabOf('13')).toBe('gatekeeper_settings');
  });

  it('reads a name, in any case and with spaces or hyphens', () => {
    expect(settingsTabOf('tech')).toBe('tech');
    expect(settingsTabOf('Voice-Calls')).toBe('voice_calls');
    expect(settingsTabOf('gatekeeper')).toBe('gatekeeper_settings');
    expect(settingsTabOf('vhc')).toBe('tech');
  });

  it('opens the first tab for nothing, an index past the end, or an unknown name', () => {
    expect(settingsTabOf(null)).toBe('account');
    expect(settingsTabOf('')).toBe('account');
    expect(settingsTabOf('14')).toBe('account');
    expect(settingsTabOf('-1')).toBe('account');
    expect(settingsTabOf('payroll')).toBe('account');
  });

  it('moves between tabs with the arrow keys, wrapping at the ends', () => {
    expect(neighbourTab('tech', 1)).toBe('gatekeeper_settings');
    expect(neighbourTab('gatekeeper_settings', 1)).toBe('account');
    expect(neighbourTab('account', -1)).toBe('gatekeeper_settings');
  });
});
