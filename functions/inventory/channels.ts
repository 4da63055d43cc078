/**
 * Who hears the inventory board (SPEC §6): the store's managers and admins hear every order on the
 * store's inventory channel; an inventory agent hears the orders they hold on their holder channel,
 * so nobody hears an order twice (functions/inventory/board.ts gives each the one that fits).
 */
export const inventoryChannel = (locationId: string): string => `location:${locationId}:inventory`;

export const holderChannel = (locationId: string, agentId: string): string => `location:${locationId}:inventory:holder:${agentId}`;
