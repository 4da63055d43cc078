import { useEffect } from 'react';
import { PROFILE_EVENTS } from '../../../../shared/profile/events.js';
import { knowEvents, subscribe } from '../../lib/realtime.js';
import { followProfile } from './profileRequests.js';

/** Mounted once by the shell: the agent's saves in another console reach this one on any screen (name, language). */
export function ProfileFollower() {
  useEffect(() => {
    knowEvents(PROFILE_EVENTS);
    return subscribe('profile.changed', followProfile);
  }, []);
  return null;
}
