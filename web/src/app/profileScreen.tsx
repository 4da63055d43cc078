/**
 * My profile (SPEC §2, everyone) shows the presence feature's own control beside the agent's
 * settings. Two features meet here, in the app, rather than one importing the other; the screen's
 * words stay in the profile feature. The profile also follows the agent's saves in their other
 * consoles on every screen (its `Notices` part: name and language).
 */
import menu from '../features/profile/locales/menu.json';
import { declareParts } from '../lib/featureParts.js';
import { menuLabel, type ScreenDefinition } from '../lib/screenDefinition.js';

declareParts({
  name: 'profile',
  allowed: () => true,
  load: () => import('../features/profile/parts.js').then((m) => m.parts),
});

export const screens: readonly ScreenDefinition[] = [
  {
    path: '/profile',
    group: 'misc',
    order: 130,
    label: menuLabel(menu, 'my_profile'),
    allowed: () => true,
    load: () =>
      Promise.all([import('../features/profile/ProfileScreen.js'), import('../features/presence/PresencePicker.js')]).then(
        ([profile, presence]) =>
          function MyProfile() {
            return <profile.ProfileScreen Presence={presence.PresencePicker} />;
          },
      ),
  },
];
