/** Placeholder until the settings screen lands (issue 4, being built). */
export function SettingsScreen() {
  return null;
}
