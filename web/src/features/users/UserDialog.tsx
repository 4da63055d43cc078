/**
 * Inviting someone (first and last name, e-mail, access) or changing a user's name and access.
 * A flag the caller may not switch (admin for a manager; one's own admin and manager) is shown but
 * cannot be changed; the server refuses it too.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCESS_FLAGS, noAccess, type AccessFlag, type AccessFlags } from '../../../../shared/access.js';
import { inviteBody, userChangeBody } from '../../../../shared/users/schemas.js';
import { editableFlags, type UserRow } from '../../../../shared/users/users.js';
import { Dialog } from '../../components/Dialog.js';
import { DialogFormActions, useDialogForm, type FormTexts } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { changeUser, inviteUser } from './requests.js';
import { userTexts, type UserField } from './userForm.js';

export type Editing = { kind: 'invite' } | { kind: 'edit'; user: UserRow } | null;

interface Caller {
  id: string;
  flags: AccessFlags;
}

export function UserDialog({ editing, locationId, caller, onClose, onSaved }: { editing: Editing; locationId: string; caller: Caller; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('users');
  const ids = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {editing ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {editing.kind === 'invite' ? t('users.invite_title') : t('users.edit_title', { name: `${editing.user.first_name} ${editing.user.last_name}` })}
          </h2>
          <UserForm key={editing.kind === 'edit' ? editing.user.id : 'invite'} editing={editing} locationId={locationId} caller={caller} onClose={onClose} onSaved={onSaved} />
        </>
      ) : null}
    </Dialog>
  );
}

function UserForm({ editing, locationId, caller, onClose, onSaved }: { editing: NonNullable<Editing>; locationId: string; caller: Caller; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('users');
  const ids = useId();
  const before = editing.kind === 'edit' ? editing.user : null;
  const [first, setFirst] = useState(before?.first_name ?? '');
  const [last, setLast] = useState(before?.last_name ?? '');
  const [email, setEmail] = useState('');
  const [flags, setFlags] = useState<AccessFlags>(before?.access_level ?? { ...noAccess(), service: true });
  const form = useDialogForm<UserField>('users', userTexts);
  const may = editableFlags({ flags: caller.flags, self: before?.id === caller.id });
  const edit =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      form.changed();
      set(value);
    };

  function submit(event: FormEvent) {
    event.preventDefault();
    const user = { first_name: first, last_name: last, access_level: flags };
    const checked = before ? userChangeBody.safeParse({ user }) : inviteBody.safeParse({ user: { ...user, email } });
    if (!checked.success) {
      const found: FormTexts<UserField> = {};
      for (const issue of checked.error.issues) found[userTexts.fieldOf(issue.path.join('.')) ?? 'form'] ??= userTexts.keyOf(issue.message) ?? issue.message;
      form.show(found);
      return;
    }
    form.send(
      (key) => (before ? changeUser(before.id, { user }) : inviteUser(locationId, { user: { ...user, email } }, key)),
      (answer) => {
        toast.success(before ? t('users.saved', { name: `${answer.user.first_name} ${answer.user.last_name}` }) : t('users.invited', { email: answer.user.email }));
        onSaved();
      },
    );
  }

  const flagError = form.textAt('access_level');
  return (
    <form ref={form.form} className="form users-form" noValidate onSubmit={submit} data-testid="user-form">
      <TextField id={`${ids}-first`} label={t('users.first_name')} value={first} onChange={edit(setFirst)} error={form.textAt('first_name')} autoComplete="off" testId="user-first-name" />
      <TextField id={`${ids}-last`} label={t('users.last_name')} value={last} onChange={edit(setLast)} error={form.textAt('last_name')} autoComplete="off" testId="user-last-name" />
      {before ? null : <TextField id={`${ids}-email`} type="email" label={t('users.email')} value={email} onChange={edit(setEmail)} error={form.textAt('email')} autoComplete="off" testId="user-email" />}
      <fieldset className="users-form__flags" aria-describedby={flagError ? `${ids}-flags-error` : undefined}>
        <legend>{t('users.access')}</legend>
        {ACCESS_FLAGS.map((flag: AccessFlag) => (
          <label key={flag} className="users-form__flag">
            <input
              type="checkbox"
              checked={flags[flag]}
              disabled={!may[flag]}
              data-testid={`user-flag-${flag}`}
              onChange={(event) => edit(setFlags)({ ...flags, [flag]: event.target.checked })}
            />
            <span>{t(`users.flag_${flag}`)}</span>
          </label>
        ))}
        {flagError ? (
          <p className="field__error" id={`${ids}-flags-error`}>
            {flagError}
          </p>
        ) : null}
      </fieldset>
      {before ? null : <p className="field__hint">{t('users.invite_hint')}</p>}
      <DialogFormActions
        formText={form.textAt('form')}
        closeLabel={t('users.cancel')}
        submitLabel={before ? [t('users.save'), t('users.saving')] : [t('users.send_invite'), t('users.sending')]}
        sending={form.sending}
        submitTestId="user-save"
        onClose={onClose}
      />
    </form>
  );
}
