/**
 * MPI settings of a location (GET/PUT {loc}/tech/mpi/settings → `{ mpi_settings }`): the same
 * stored group as `/api/locations/{id}/mpi_settings`, with the same partial-update rule (only the
 * fields the body names change) and the same `settings_updated` event, so open consoles reload it.
 */
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { changeSettings, readSettings } from '../lib/settings.js';

export type MpiSettings = SettingsOf<'mpi_settings'>;

export function mpiSettings(companyId: string, locationId: string): Promise<MpiSettings> {
  return readSettings(companyId, locationId, 'mpi_settings');
}

export function changeMpiSettings(companyId: string, locationId: string, raw: unknown, agentId: string): Promise<MpiSettings> {
  return changeSettings(companyId, locationId, 'mpi_settings', raw, agentId);
}
