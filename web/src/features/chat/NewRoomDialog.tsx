import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Chatroom } from '../../../../shared/chat/chatrooms.js';
import { chatPaths } from '../../../../shared/chat/routes.js';
import { Dialog } from '../../components/Dialog.js';
import { reportFailure } from '../../lib/failures.js';
import { fullName } from '../../lib/names.js';
import { ApiError } from '../../lib/request.js';
import { fetchColleagues, startRoom } from './requests.js';

export type NewRoom = 'direct' | 'group';
type Field = 'colleague' | 'name' | 'description' | 'members';

/**
 * "Add chat" (a colleague of any store of the company) and "add group" (name, description and
 * members; SPEC §5: the description is required and a group needs users). The form checks first in
 * the agent's language; the server checks again and its texts land at their fields.
 */
export function NewRoomDialog({ kind, onClose, onStarted }: { kind: NewRoom | null; onClose: () => void; onStarted: (room: Chatroom) => void }) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  return (
    <Dialog open={kind !== null} onClose={onClose} labelledBy={titleId}>
      {kind ? (
        <>
          <h2 id={titleId}>{kind === 'direct' ? t('chat.add_chat') : t('chat.add_group')}</h2>
          <RoomForm kind={kind} onClose={onClose} onStarted={onStarted} />
        </>
      ) : null}
    </Dialog>
  );
}

function RoomForm({ kind, onClose, onStarted }: { kind: NewRoom; onClose: () => void; onStarted: (room: Chatroom) => void }) {
  const { t } = useTranslation('chat');
  const ids = { colleague: useId(), name: useId(), description: useId(), members: useId() };
  const { data: colleagues } = useSWR(chatPaths.colleagues(), fetchColleagues);
  const [colleague, setColleague] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const attempt = useRef(crypto.randomUUID());
  const form = useRef<HTMLFormElement>(null);

  function check(): Partial<Record<Field, string>> {
    if (kind === 'direct') return colleague ? {} : { colleague: t('chat.pick_colleague') };
    return {
      ...(name.trim() ? {} : { name: t('chat.name_required') }),
      ...(description.trim() ? {} : { description: t('chat.description_required') }),
      ...(members.length ? {} : { members: t('chat.no_users') }),
    };
  }

  function show(found: Partial<Record<Field, string>>) {
    setErrors(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    if (Object.keys(found).length) return show(found);
    setSending(true);
    const body = kind === 'direct' ? { chatroom: { agent_id: colleague } } : { chatroom: { name, description, agent_ids: members } };
    startRoom(body, attempt.current)
      .then(onStarted)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 422) {
          const listed = (error.body as { errors?: { message?: string; path?: string }[] } | null)?.errors ?? [];
          const at = (path = ''): Field => (path.endsWith('name') ? 'name' : path.endsWith('description') ? 'description' : kind === 'direct' ? 'colleague' : 'members');
          show(Object.fromEntries(listed.map((e) => [at(e.path), e.message ?? error.message])));
        } else reportFailure(error);
      })
      .finally(() => {
        setSending(false);
        attempt.current = crypto.randomUUID();
      });
  }

  const describedBy = (field: Field) => (errors[field] ? `${ids[field]}-error` : undefined);
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p className="field__error" id={`${ids[field]}-error`} data-testid={`chat-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={form} className="chat-form" noValidate onSubmit={submit} data-testid="chat-room-form">
      {kind === 'direct' ? (
        <div className="field">
          <label htmlFor={ids.colleague}>{t('chat.colleague')}</label>
          <select id={ids.colleague} value={colleague} onChange={(e) => setColleague(e.target.value)} aria-invalid={errors.colleague ? true : undefined} aria-describedby={describedBy('colleague')} data-testid="chat-colleague">
            <option value="">{t('chat.pick_colleague')}</option>
            {(colleagues ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {fullName(c)}
              </option>
            ))}
          </select>
          {errorOf('colleague')}
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={ids.name}>{t('chat.group_name')}</label>
            <input id={ids.name} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} data-testid="chat-name" />
            {errorOf('name')}
          </div>
          <div className="field">
            <label htmlFor={ids.description}>{t('chat.group_description')}</label>
            <textarea id={ids.description} value={description} maxLength={500} rows={2} onChange={(e) => setDescription(e.target.value)} aria-invalid={errors.description ? true : undefined} aria-describedby={describedBy('description')} data-testid="chat-description" />
            {errorOf('description')}
          </div>
          <fieldset className="field chat-form__members" aria-invalid={errors.members ? true : undefined} aria-describedby={describedBy('members')} tabIndex={-1}>
            <legend>{t('chat.group_members')}</legend>
            {(colleagues ?? []).map((c) => (
              <label key={c.id} className="chat-form__member">
                <input
                  type="checkbox"
                  checked={members.includes(c.id)}
                  data-testid="chat-member"
                  data-agent={c.id}
                  onChange={(e) => setMembers((now) => (e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id)))}
                />{' '}
                {fullName(c)}
              </label>
            ))}
            {errorOf('members')}
          </fieldset>
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('chat.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending} data-testid="chat-start">
          {kind === 'direct' ? t('chat.start_chat') : t('chat.create_group')}
        </button>
      </div>
    </form>
  );
}
