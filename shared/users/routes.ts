/** The Users screen's paths (SPEC §7 agents; the manage routes beside them). */
import { USERS_PER_PAGE } from './users.js';

const enc = encodeURIComponent;

export const userPaths = {
  /** One page of a location's users, optionally searched by name or e-mail. */
  list: (locationId: string, offset = 0, search = '') =>
    `/api/locations/${enc(locationId)}/users?offset=${offset}&limit=${USERS_PER_PAGE}${search.trim() ? `&q=${enc(search.trim())}` : ''}`,
  invite: (locationId: string) => `/api/locations/${enc(locationId)}/users`,
  user: (id: string) => `/api/agents/${enc(id)}`,
  deactivate: (id: string) => `/api/agents/${enc(id)}/deactivate`,
  reactivate: (id: string) => `/api/agents/${enc(id)}/reactivate`,
  /** The agent's own password as well as another's (the change-password modal). */
  password: (id: string) => `/api/agents/${enc(id)}/password`,
  magicLink: (id: string) => `/api/agents/${enc(id)}/magic_link`,
};
