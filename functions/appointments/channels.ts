/** Everything on a location's appointments board: its agents and the managers hear it (functions/appointments/board.ts). */
export const appointmentsChannel = (locationId: string): string => `location:${locationId}:appointments`;
