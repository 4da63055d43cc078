/** Roles and the rules of SPEC §6 that both the server and the console apply. */

export const ACCESS_FLAGS = [
  'admin',
  'manager',
  'service',
  'technician',
  'appointments',
  'hr',
  'chat',
  'inventory',
] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];
export type AccessFlags = Record<AccessFlag, boolean>;

export const BOARDS = ['service', 'appointments', 'hr', 'technician', 'chat', 'inventory'] as const;
export type Board = (typeof BOARDS)[number];

export function noAccess(): AccessFlags {
  return { admin: false, manager: false, service: false, technician: false, appointments: false, hr: false, chat: false, inventory: false };
}

/**
 * Who can hold a repair order or an appointment as its advisor: an agent who works the service
 * board's orders (service advisors, the managers who take cars). A company admin reaches every
 * board to run the company, not to take cars, and a coordinator books for the advisors: the pickers
 * leave them out and the server refuses them.
 */
export function holdsOrders(flags: AccessFlags): boolean {
  return flags.service && !flags.admin;
}

/** admin 2, manager 1, otherwise 0. */
export function accessLevel(flags: AccessFlags): 0 | 1 | 2 {
  if (flags.admin) return 2;
  if (flags.manager) return 1;
  return 0;
}

export interface TechnicianSettings {
  enabled: boolean;
  mpi_enabled: boolean;
}

/** Where an agent lands after signing in, by board permission (SPEC §2), relative to /app. */
export function landingPath(flags: AccessFlags, tech: TechnicianSettings | null | undefined): string {
  if (flags.service) return '/';
  if (flags.appointments) return '/appointments';
  if (flags.hr) return '/employees';
  if (flags.technician && tech?.enabled && tech.mpi_enabled) return '/mpi';
  if (flags.chat) return '/internalchat';
  // The spec's landing list has no inventory entry; an inventory-only agent gets its own board
  // rather than the no-board page.
  if (flags.inventory) return '/inventory';
  return '/noboard';
}

/**
 * Who an impersonating agent acts as (SPEC §6): a manager or admin viewing as a lower user acts as
 * that user; same level, or both non-privileged, acts as the impersonated user; otherwise the own user.
 */
export function actsAsImpersonated(own: AccessFlags, impersonated: AccessFlags): boolean {
  return accessLevel(impersonated) <= accessLevel(own);
}

/** Whether `own` may pick `target` in the impersonation picker. */
export function mayImpersonate(
  own: { flags: AccessFlags; locationId: string },
  target: { flags: AccessFlags; locationId: string },
): boolean {
  if (own.flags.admin) return true;
  if (own.flags.manager) return !target.flags.admin && target.locationId === own.locationId;
  return false;
}

export const SETTINGS_KEYS = [
  'dms_settings',
  'service_settings',
  'appointments_settings',
  'employee_settings',
  'chatrooms_settings',
  'inventory_settings',
  'business_information',
  'mpi_settings',
  'payments_settings',
  'payments_landing_settings',
  'vcard_settings',
  'gatekeeper_settings',
  'service_calls_settings',
  'appointments_calls_settings',
  'inventory_calls_settings',
  'csi_settings',
  'landing_settings',
  'reminder_settings',
  'technician_settings',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

export function isSettingsKey(key: string): key is SettingsKey {
  return (SETTINGS_KEYS as readonly string[]).includes(key);
}

/**
 * Which settings groups an agent loads and may read (SPEC §6 "Settings loaded by flag").
 * Managers and admins read every group of a location they may see: they configure them.
 */
export function mayReadSettings(flags: AccessFlags, key: SettingsKey): boolean {
  if (flags.admin || flags.manager) return true;
  switch (key) {
    case 'service_settings':
    case 'technician_settings':
    case 'mpi_settings':
      return flags.service || flags.technician;
    case 'appointments_settings':
    case 'reminder_settings':
      return flags.appointments;
    case 'employee_settings':
      return flags.hr;
    case 'chatrooms_settings':
      return flags.chat;
    case 'inventory_settings':
      return flags.inventory;
    case 'service_calls_settings':
      return flags.service;
    case 'appointments_calls_settings':
      return flags.appointments;
    case 'inventory_calls_settings':
      return flags.inventory;
    default:
      return false;
  }
}

/** The groups the console loads after bootstrap for these flags, in load order. */
export function settingsToLoad(flags: AccessFlags): SettingsKey[] {
  const keys: SettingsKey[] = [];
  if (flags.service || flags.technician) keys.push('service_settings', 'technician_settings');
  if (flags.appointments) keys.push('appointments_settings');
  if (flags.hr) keys.push('employee_settings');
  if (flags.chat) keys.push('chatrooms_settings');
  if (flags.inventory) keys.push('inventory_settings');
  if (flags.manager || flags.admin) keys.push('business_information');
  if (flags.service) keys.push('service_calls_settings');
  if (flags.appointments) keys.push('appointments_calls_settings');
  if (flags.inventory) keys.push('inventory_calls_settings');
  return keys;
}

/** Only managers and admins change a location's settings. */
export function mayWriteSettings(flags: AccessFlags): boolean {
  return flags.admin || flags.manager;
}
