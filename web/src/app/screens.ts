/**
 * The console's screens: one line per feature, naming the module that declares its screens
 * (path, menu group and order, flags, label, lazy component). The router and the menu read this
 * list only (app/menu.ts), so adding a board adds a line here and nothing else outside its folder.
 */
export { screens as serviceBoard } from '../features/serviceBoard/screen.js';
export { screens as inspections } from '../features/inspections/screen.js';
export { screens as appointments } from '../features/appointments/screen.js';
export { screens as guests } from '../features/guests/screen.js';
export { screens as employees } from '../features/employees/screen.js';
export { screens as settings } from './settingsScreen.js';
export { screens as inventory } from '../features/inventory/screen.js';
export { screens as chat } from '../features/chat/screen.js';
export { screens as csi } from '../features/csi/screen.js';
export { screens as payments } from '../features/payments/screen.js';
export { screens as gallery } from '../features/gallery/screen.js';
export { screens as visits } from '../features/visits/screen.js';
export { screens as templates } from '../features/templates/screen.js';
export { screens as profile } from './profileScreen.js';
export { screens as help } from '../features/help/screen.js';
export { screens as users } from '../features/users/screen.js';
export { screens as wizard } from '../features/wizard/screen.js';
export { screens as history } from '../features/history/screen.js';
export { screens as reports } from '../features/reports/screen.js';
export { screens as calls } from '../features/calls/screen.js';
