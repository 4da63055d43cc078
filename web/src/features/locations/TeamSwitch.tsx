import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Location } from '../../../../shared/api.js';
import { useStore } from '../../lib/store.js';
import { chooseTeam, currentTeam } from '../../lib/team.js';

/** The team switch (SPEC §4): the location's teams, or all of them; kept in the browser. */
export function TeamSwitch({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const team = useStore(currentTeam);
  const { data } = useSWR<{ location: Location }>(`/api/locations/${encodeURIComponent(locationId)}`);
  const teams = data?.location.teams ?? [];
  if (!teams.length) return null;
  return (
    <div className="picker">
      <label className="picker__label" htmlFor={id}>
        {t('shell.team')}
      </label>
      <select id={id} className="picker__select" value={team && teams.includes(team) ? team : ''} onChange={(event) => chooseTeam(event.target.value || null)}>
        <option value="">{t('shell.all_teams')}</option>
        {teams.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
