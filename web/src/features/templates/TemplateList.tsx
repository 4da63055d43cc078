/**
 * One list of templates (the company's, a location's, the agent's own) with New, Edit and Delete
 * where the acting agent may change it (the company's: admins; a location's: its managers and admins;
 * one's own: oneself). Delete asks first, in words that say it cannot be undone.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { AccessFlags } from '../../../../shared/access.js';
import { TEMPLATE_EVENTS, type TemplateEvent } from '../../../../shared/templates/events.js';
import type { MessageTemplate, TemplateLevel } from '../../../../shared/templates/templates.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { reportFailure } from '../../lib/failures.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { session } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { PlaceholderList } from './PlaceholderList.js';
import { TemplateDialog, type Editing } from './TemplateDialog.js';
import { deleteTemplate, levelList, levelListKey } from './requests.js';

function mayChange(level: TemplateLevel, flags: AccessFlags | null): boolean {
  if (!flags) return false;
  if (level === 'company') return flags.admin;
  if (level === 'location') return flags.admin || flags.manager;
  return true;
}

export function TemplateList({ level, locationId }: { level: TemplateLevel; locationId: string }) {
  const { t } = useTranslation('templates');
  const current = useStore(session);
  const flags = current.status === 'ready' ? current.acting.access_level : null;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const key = levelListKey(level, locationId);
  const { data, error, mutate } = useSWR(key, levelList, { revalidateOnFocus: false });
  const changeable = mayChange(level, flags);
  // A colleague's change on another console shows here without a reload (a store's list hears only its store's).
  useStreamEvents<TemplateEvent>(
    (event) => {
      if (event.type === 'template.changed' && event.data.level === level && (level !== 'location' || event.data.owner_id === locationId)) void mutate();
    },
    () => void mutate(),
    TEMPLATE_EVENTS,
  );

  async function confirmDelete(template: MessageTemplate) {
    setBusy(true);
    try {
      await deleteTemplate(template.id);
      await mutate((list) => list?.filter((each) => each.id !== template.id), { revalidate: true });
      toast.success(t('templates.deleted'));
      setDeleting(null);
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {changeable ? (
        <button type="button" className="button button--primary" data-testid="templates-new" onClick={() => setEditing({ kind: 'new' })}>
          {t('templates.new')}
        </button>
      ) : (
        <p className="settings__muted" data-testid="templates-read-only">
          {t(`templates.read_only_${level}`)}
        </p>
      )}
      {!data ? (
        <p className="settings__muted">{error ? t('templates.load_failed') : t('templates.loading')}</p>
      ) : data.length === 0 ? (
        <p className="settings__muted" data-testid="templates-empty">
          {t('templates.empty')}
        </p>
      ) : (
        <ul className="templates-settings__list" aria-label={t(`templates.level_${level}`)} data-testid="templates-list">
          {data.map((template) => (
            <li key={template.id} className="templates-settings__item" data-testid="template-row">
              <div className="templates-settings__summary">
                <span className="templates-settings__name">{template.name}</span>
                <span className="templates-settings__board">{t(`templates.board_${template.board}`)}</span>
                <p className="templates-settings__text">{template.text}</p>
              </div>
              {changeable ? (
                <div className="templates-settings__actions">
                  <button type="button" className="button button--small" aria-label={t('templates.edit_named', { name: template.name })} data-testid="template-edit" onClick={() => setEditing({ kind: 'edit', template })}>
                    {t('templates.edit')}
                  </button>
                  <button type="button" className="button button--small button--danger" aria-label={t('templates.delete_named', { name: template.name })} data-testid="template-delete" onClick={() => setDeleting(template)}>
                    {t('templates.delete')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PlaceholderList />
      <TemplateDialog
        editing={editing}
        level={level}
        locationId={locationId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void mutate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('templates.delete_title')}
        body={deleting ? t('templates.delete_body', { name: deleting.name }) : ''}
        keepLabel={t('templates.delete_keep')}
        confirmLabel={t('templates.delete_confirm')}
        busy={busy}
        testId="template-delete-dialog"
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      />
    </>
  );
}
