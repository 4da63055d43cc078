/** User Timing mark set the first time the inspection is on screen; bench/customerPage.ts measures load time by it. */
export const READY_MARK = 'inspection-ready';
