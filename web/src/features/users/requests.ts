/** The Users screen's requests: one page of a list at a time (SPEC §7 offset/limit, 20), and the writes. */
import type { Activity } from '../../../../shared/activities.js';
import type { Paging } from '../../../../shared/api.js';
import { userPaths } from '../../../../shared/users/routes.js';
import type { InviteBody, UserChangeBody } from '../../../../shared/users/schemas.js';
import type { UserRow } from '../../../../shared/users/users.js';
import { api } from '../../lib/api.js';

export interface UsersPage {
  users: UserRow[];
  meta: { paging: Paging };
}
export interface ActivitiesPage {
  activities: Activity[];
  meta: { paging: Paging };
}

const UNPROCESSABLE = { statuses: [422] };

export const fetchPage = <T,>(path: string) => api.request<T>(path);

export const inviteUser = (locationId: string, body: InviteBody, key: string) =>
  api.request<{ user: UserRow }>(userPaths.invite(locationId), { method: 'POST', body, headers: { 'Idempotency-Key': key }, expected: UNPROCESSABLE });

export const changeUser = (id: string, body: UserChangeBody) => api.request<{ user: UserRow }>(userPaths.user(id), { method: 'PUT', body, expected: UNPROCESSABLE });

export const setUserActive = (id: string, active: boolean) =>
  api.request<{ user: UserRow }>(active ? userPaths.reactivate(id) : userPaths.deactivate(id), { method: 'PUT' });

export const sendSignInLink = (id: string) => api.request<{ magic_link: { sent_to: string } }>(userPaths.magicLink(id), { method: 'POST' });
