import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Location } from '../../../../shared/api.js';
import { Picker } from '../../components/Picker.js';
import { useStore } from '../../lib/store.js';
import { chooseTeam, currentTeam } from '../../lib/team.js';

/** The team switch (SPEC §4): the location's teams, or all of them; kept in the browser. */
export function TeamSwitch({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const team = useStore(currentTeam);
  const { data } = useSWR<{ location: Location }>(`/api/locations/${encodeURIComponent(locationId)}`);
  const teams = data?.location.teams ?? [];
  if (!teams.length) return null;
  return (
    <Picker
      label={t('shell.team')}
      value={team && teams.includes(team) ? team : ''}
      options={[{ value: '', label: t('shell.all_teams') }, ...teams.map((name) => ({ value: name, label: name }))]}
      onChange={(value) => chooseTeam(value || null)}
    />
  );
}
