/**
 * Settings (SPEC §2, administrators) shows the sheet templates in its tech tab. Two features meet
 * here, in the app, rather than one importing the other; the screen's words stay in the settings
 * feature.
 */
import menu from '../features/settings/locales/menu.json';
import { menuLabel, type ScreenDefinition } from '../lib/screenDefinition.js';

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/settings',
    group: 'administration',
    order: 100,
    label: menuLabel(menu, 'settings'),
    allowed: (f) => f.admin || f.manager,
    load: () =>
      Promise.all([import('../features/settings/SettingsScreen.js'), import('../features/sheetTemplates/SheetTemplates.js')]).then(
        ([settings, templates]) =>
          function Settings() {
            return <settings.SettingsScreen templates={templates.SheetTemplates} />;
          },
      ),
  },
];
