/**
 * Item condition (SPEC §3): NA -1, GREEN 0, YELLOW 1, RED 2; null until someone sets it. A module
 * of its own so the customer's page can import it without the rest of inspections.ts (the MPI
 * refusal texts and lists the console needs, about 0.8 KB gzip the page would otherwise load).
 */
export const ITEM_STATUS = { NA: -1, GREEN: 0, YELLOW: 1, RED: 2 } as const;
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];
