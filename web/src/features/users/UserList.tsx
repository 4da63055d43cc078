/**
 * A store's people, 20 a page, searched by name or e-mail: invite, edit, set a password, send a
 * sign-in link, deactivate (asked first: they are signed out at once) and reactivate. A manager
 * sees an admin's row without its actions; nobody deactivates themself.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import { ACCESS_FLAGS } from '../../../../shared/access.js';
import { userPaths } from '../../../../shared/users/routes.js';
import { USERS_PER_PAGE, mayEdit, type UserRow } from '../../../../shared/users/users.js';
import { ChangePasswordDialog } from '../../components/ChangePasswordDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { reportFailure } from '../../lib/failures.js';
import { useReadySession } from '../../lib/session.js';
import { Pager } from '../../components/Pager.js';
import { UserDialog, type Editing } from './UserDialog.js';
import { fetchPage, sendSignInLink, setUserActive, type UsersPage } from './requests.js';

const SEARCH_DELAY_MS = 300;

export function UserList({ locationId }: { locationId: string }) {
  const { t } = useTranslation('users');
  const { acting, agent } = useReadySession();
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [password, setPassword] = useState<UserRow | null>(null);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => setOffset(0), [locationId]);

  const { data, error, mutate } = useSWR(userPaths.list(locationId, offset, search), fetchPage<UsersPage>, { revalidateOnFocus: false, keepPreviousData: true });
  const caller = { id: acting.id, flags: acting.access_level };

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const name = (user: UserRow) => `${user.first_name} ${user.last_name}`;
  return (
    <>
      <div className="users__toolbar">
        <div className="field users__search">
          <label htmlFor={`${ids}-search`}>{t('users.search')}</label>
          <input id={`${ids}-search`} type="search" value={typed} data-testid="users-search" onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="button" className="button button--primary" data-testid="users-invite" onClick={() => setEditing({ kind: 'invite' })}>
          {t('users.invite')}
        </button>
      </div>
      {!data ? (
        <p className="users__muted">{error ? t('users.load_failed') : t('users.loading')}</p>
      ) : data.users.length === 0 ? (
        <p className="users__muted" data-testid="users-empty">
          {search.trim() ? t('users.none_found') : t('users.empty')}
        </p>
      ) : (
        <ul className="users__list" aria-label={t('users.list_label')} data-testid="users-list">
          {data.users.map((user) => {
            const manageable = mayEdit(acting.access_level, user.access_level);
            const self = user.id === acting.id || user.id === agent.id;
            return (
              <li key={user.id} className={`users__row${user.active ? '' : ' users__row--inactive'}`} data-testid="user-row" data-user-id={user.id}>
                <div className="users__who">
                  <span className="users__name">{name(user)}</span>
                  <span className="users__email">{user.email}</span>
                  <span className="users__flags">
                    {ACCESS_FLAGS.filter((flag) => user.access_level[flag])
                      .map((flag) => t(`users.flag_${flag}`))
                      .join(' · ') || t('users.no_access')}
                  </span>
                  {user.active ? null : (
                    <span className="users__status" data-testid="user-inactive">
                      {t('users.inactive')}
                    </span>
                  )}
                </div>
                {manageable ? (
                  <div className="users__actions">
                    <button type="button" className="button button--small" aria-label={t('users.edit_named', { name: name(user) })} data-testid="user-edit" onClick={() => setEditing({ kind: 'edit', user })}>
                      {t('users.edit')}
                    </button>
                    <button type="button" className="button button--small" aria-label={t('users.password_named', { name: name(user) })} data-testid="user-password" onClick={() => setPassword(user)}>
                      {t('users.password')}
                    </button>
                    {user.active ? (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('users.send_link_named', { name: name(user) })}
                        data-testid="user-send-link"
                        disabled={busy}
                        onClick={() => void act(() => sendSignInLink(user.id), t('users.link_sent', { email: user.email }))}
                      >
                        {t('users.send_link')}
                      </button>
                    ) : null}
                    {self ? null : user.active ? (
                      <button type="button" className="button button--small button--danger" aria-label={t('users.deactivate_named', { name: name(user) })} data-testid="user-deactivate" onClick={() => setDeactivating(user)}>
                        {t('users.deactivate')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('users.reactivate_named', { name: name(user) })}
                        data-testid="user-reactivate"
                        disabled={busy}
                        onClick={() => void act(() => setUserActive(user.id, true), t('users.reactivated', { name: name(user) }))}
                      >
                        {t('users.reactivate')}
                      </button>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {data ? <Pager paging={data.meta.paging} perPage={USERS_PER_PAGE} onPage={setOffset} label={t('users.pages_label')} testId="users-pager" /> : null}
      <UserDialog
        editing={editing}
        locationId={locationId}
        caller={caller}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void mutate();
        }}
      />
      <ChangePasswordDialog agent={password} own={password?.id === agent.id} onClose={() => setPassword(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={deactivating ? t('users.deactivate_title', { name: name(deactivating) }) : ''}
        body={deactivating ? t('users.deactivate_body', { name: name(deactivating) }) : ''}
        keepLabel={t('users.deactivate_keep')}
        confirmLabel={t('users.deactivate_confirm')}
        busy={busy}
        testId="user-deactivate-dialog"
        onConfirm={() => {
          const user = deactivating;
          if (user) void act(() => setUserActive(user.id, false), t('users.deactivated', { name: name(user) })).then(() => setDeactivating(null));
        }}
      />
    </>
  );
}
