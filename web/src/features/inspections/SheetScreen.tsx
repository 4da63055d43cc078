/** Placeholder until the inspections screens land (issue 4, being built). */
export function SheetScreen() {
  return null;
}
