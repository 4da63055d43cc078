/**
 * SPEC §2 "Change-password modal for an agent": a manager or admin sets another agent's password,
 * an agent changes their own (the current one first). The new one twice, at least PASSWORD_MIN
 * characters; the server's refusals at their fields. The agent's other sessions end (the server
 * does it); whoever changed their own stays signed in here. Used by Users and My profile.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PASSWORD_MIN } from '../../../shared/schemas/auth.js';
import type { AgentRef } from '../../../shared/people.js';
import { userPaths } from '../../../shared/users/routes.js';
import { PASSWORD_ERRORS, passwordChangeBody } from '../../../shared/users/schemas.js';
import { USER_REFUSALS } from '../../../shared/users/users.js';
import { api } from '../lib/api.js';
import { Dialog } from './Dialog.js';
import { DialogFormActions, useDialogForm, type FormTexts, type ServerTexts } from './DialogForm.js';
import { TextField } from './TextField.js';

type Field = 'current_password' | 'password' | 'password_confirmation';

const KEYS: Record<string, string> = {
  [PASSWORD_ERRORS.blank]: 'change_password.error_blank',
  [PASSWORD_ERRORS.too_short]: 'change_password.error_too_short',
  [PASSWORD_ERRORS.too_long]: 'change_password.error_too_long',
  [PASSWORD_ERRORS.mismatch]: 'change_password.error_mismatch',
  [USER_REFUSALS.wrong_password]: 'change_password.error_wrong_current',
};

const texts: ServerTexts<Field> = {
  fieldOf: (path) => {
    const field = path?.split('.').at(-1);
    return field === 'current_password' || field === 'password' || field === 'password_confirmation' ? field : null;
  },
  keyOf: (text) => KEYS[text] ?? null,
  fallback: 'change_password.failed',
};

/** `own`: the signed-in agent's own password (asks for the current one). */
export function ChangePasswordDialog({ agent, own, onClose }: { agent: AgentRef | null; own: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <Dialog open={agent !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {agent ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {own ? t('change_password.heading_own') : t('change_password.heading_someone', { name: `${agent.first_name} ${agent.last_name}` })}
          </h2>
          <PasswordForm key={agent.id} agent={agent} own={own} onClose={onClose} />
        </>
      ) : null}
    </Dialog>
  );
}

function PasswordForm({ agent, own, onClose }: { agent: AgentRef; own: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const form = useDialogForm<Field>('translation', texts);
  const edit = (set: (value: string) => void) => (value: string) => {
    form.changed();
    set(value);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { agent: { ...(own ? { current_password: current } : {}), password, password_confirmation: confirmation } };
    const checked = passwordChangeBody.safeParse(body);
    const found: FormTexts<Field> = {};
    if (own && !current) found.current_password = 'change_password.error_current_blank';
    if (!checked.success) for (const issue of checked.error.issues) found[texts.fieldOf(issue.path.join('.')) ?? 'form'] ??= texts.keyOf(issue.message) ?? issue.message;
    if (Object.keys(found).length > 0) {
      form.show(found);
      return;
    }
    form.send(
      () => api.request<{ agent: { id: string } }>(userPaths.password(agent.id), { method: 'PUT', body, expected: { statuses: [422] } }),
      () => {
        toast.success(own ? t('change_password.changed_own') : t('change_password.changed_someone', { name: `${agent.first_name} ${agent.last_name}` }));
        onClose();
      },
    );
  }

  return (
    <form ref={form.form} className="form" noValidate onSubmit={submit} data-testid="change-password-form">
      {own ? (
        <TextField id={`${ids}-current`} type="password" autoComplete="current-password" label={t('change_password.current')} value={current} onChange={edit(setCurrent)} error={form.textAt('current_password')} testId="change-password-current" />
      ) : null}
      <TextField id={`${ids}-new`} type="password" autoComplete="new-password" label={t('change_password.new', { min: PASSWORD_MIN })} value={password} onChange={edit(setPassword)} error={form.textAt('password')} testId="change-password-new" />
      <TextField id={`${ids}-confirm`} type="password" autoComplete="new-password" label={t('change_password.confirm')} value={confirmation} onChange={edit(setConfirmation)} error={form.textAt('password_confirmation')} testId="change-password-confirm" />
      <p className="field__hint">{own ? t('change_password.note_own') : t('change_password.note_someone', { name: `${agent.first_name} ${agent.last_name}` })}</p>
      <DialogFormActions
        formText={form.textAt('form')}
        closeLabel={t('change_password.cancel')}
        submitLabel={[t('change_password.save'), t('change_password.saving')]}
        sending={form.sending}
        submitTestId="change-password-save"
        onClose={onClose}
      />
    </form>
  );
}
