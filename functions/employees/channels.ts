/** Everything on a location's employees board: its HR agents and the managers hear it (functions/employees/board.ts). */
export const employeesChannel = (locationId: string): string => `location:${locationId}:employees`;
