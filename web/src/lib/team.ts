/** The team the boards show (SPEC §4 "Team switch ... stored locally"); null means every team. */
import { STORED, readStored, writeStored } from './storage.js';
import { createStore } from './store.js';

export const currentTeam = createStore<string | null>(readStored(STORED.currentTeam));

export function chooseTeam(team: string | null): void {
  writeStored(STORED.currentTeam, team);
  currentTeam.set(team);
}
