/**
 * Automated texts that belong to a finished owner (the satisfaction survey after a repair order
 * closed, its reminder and thank-you): the "order is closed" rule does not hold them back. A board
 * names its kinds when its module loads; kept free of imports, as the registry loads it while other
 * modules still load. Every other rule (consent, block, the gatekeeper, quiet hours) still applies.
 */
const kinds = new Set<string>();

export function sendsAfterClose(...names: readonly string[]): void {
  for (const name of names) kinds.add(name);
}

export const goesAfterClose = (kind: string | null | undefined): boolean => kind !== null && kind !== undefined && kinds.has(kind);
