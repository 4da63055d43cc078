import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Colleague, MeResponse } from '../../../../shared/api.js';
import { EyeIcon } from '../../components/icons.js';
import { Picker } from '../../components/Picker.js';
import { send } from '../../lib/api.js';
import { fullName } from '../../lib/names.js';
import { viewAs, type ReadySession } from '../../lib/session.js';
import './impersonation.css';

const COLLEAGUES = '/api/agents/colleagues/impersonatable';

/** Asks the server to view as `agentId` (null: as oneself) and re-settles the console for that agent. */
async function switchView(agentId: string | null): Promise<void> {
  const me = await send<MeResponse>('/agent_sessions/impersonate', { method: 'POST', body: { impersonate_agent_id: agentId } });
  await viewAs(me);
}

/** The picker of who an admin or manager views the console as (SPEC §4, §6); choosing oneself turns it off. */
export function ImpersonationPicker({ current }: { current: ReadySession }) {
  const { t } = useTranslation();
  const { agent, impersonated } = current;
  const allowed = agent.access_level.admin || agent.access_level.manager;
  const { data } = useSWR<{ colleagues: Colleague[] }>(allowed ? COLLEAGUES : null);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;

  const colleagues = (data?.colleagues ?? []).filter((c) => c.id !== agent.id);
  // The one being viewed as stays listed even before the colleague list arrives.
  if (impersonated && !colleagues.some((c) => c.id === impersonated.id)) colleagues.unshift({ ...impersonated, location_id: impersonated.location.id });

  async function pick(value: string) {
    setBusy(true);
    try {
      await switchView(value && value !== agent.id ? value : null);
    } catch {
      // send() has already told the agent what went wrong.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Picker
      label={t('impersonation.label')}
      value={impersonated?.id ?? ''}
      busy={busy}
      options={[
        { value: '', label: t('impersonation.myself', { name: fullName(agent) }) },
        ...colleagues.map((colleague) => ({ value: colleague.id, label: fullName(colleague) })),
      ]}
      onChange={(value) => void pick(value)}
    />
  );
}

/** The unmissable strip that says whose console this is while viewing as someone else. */
export function ViewingAsBanner({ current }: { current: ReadySession }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!current.impersonated) return null;
  return (
    <div className="viewing-as" role="status">
      <EyeIcon />
      <span className="viewing-as__text">{t('impersonation.viewing_as', { name: fullName(current.impersonated) })}</span>
      <button
        type="button"
        className="button button--small viewing-as__stop"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          switchView(null)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {t('impersonation.stop')}
      </button>
    </div>
  );
}
