/** Everything on a location's guests and leads board: its agents and the managers hear it (functions/guests/board.ts). */
export const guestsChannel = (locationId: string): string => `location:${locationId}:guests`;
