// The board's filters: object, team and activity type, applied in the browser over the loaded jobs (the range
// is loaded whole anyway, so a filter costs no request). Teams have no names in the API: a team is shown as
// the names of the people its jobs in the range are planned for.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { useI18n } from '../lib/i18n.js';

export interface Filters {
  objectId?: string;
  teamId?: string;
  activityTypeId?: string;
}

export const matches = (job: Job, f: Filters) =>
  (!f.objectId || job.objectId === f.objectId) &&
  (!f.teamId || job.teamId === f.teamId) &&
  (!f.activityTypeId || job.activityTypeId === f.activityTypeId);

interface Props {
  jobs: Job[];
  filters: Filters;
  onChange: (filters: Filters) => void;
  client: CrewbaseClient;
  objectNames: Record<string, string>;
  userName: (id: string | undefined) => string;
}

export function BoardFilters({ jobs, filters, onChange, client, objectNames, userName }: Props) {
  const { t } = useI18n();
  const [activities, setActivities] = useState<Record<string, string>>({});
  useEffect(() => {
    client.call('activityTypes.list', { query: { limit: 1000 } }).then(
      (found) => setActivities(Object.fromEntries(found.map((a) => [a._id, a.name ?? a._id]))),
      () => setActivities({}), // not allowed to read them: the filter lists what the jobs carry, unnamed
    );
  }, [client]);
  const options = useMemo(() => {
    const of = (pick: (job: Job) => string | null | undefined) => [
      ...new Set(jobs.map(pick).filter((id): id is string => Boolean(id))),
    ];
    const members = new Map<string, Set<string>>();
    for (const job of jobs)
      if (job.teamId && job.userId) members.set(job.teamId, (members.get(job.teamId) ?? new Set()).add(job.userId));
    const teamNames = new Map(
      [...members].map(([team, ids]) => [
        team,
        [...ids]
          .map((id) => userName(id))
          .sort()
          .join(', '),
      ]),
    );
    return {
      objects: of((j) => j.objectId),
      teams: of((j) => j.teamId),
      activities: of((j) => j.activityTypeId),
      teamNames,
    };
  }, [jobs, userName]);

  const select = (key: keyof Filters, label: string, ids: string[], name: (id: string, i: number) => string) => (
    <label class="filter">
      {label}
      <select
        value={filters[key] ?? ''}
        onChange={(e) => onChange({ ...filters, [key]: e.currentTarget.value || undefined })}
      >
        <option value="">{t('all')}</option>
        {ids
          .map((id, i) => ({ id, name: name(id, i) }))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
      </select>
    </label>
  );
  return (
    <div class="filters">
      {select('objectId', t('filterObject'), options.objects, (id) => objectNames[id] || id)}
      {select('teamId', t('filterTeam'), options.teams, (id, i) =>
        options.teamNames.get(id) ? t('teamOf', { names: options.teamNames.get(id)! }) : t('team', { n: i + 1 }),
      )}
      {select('activityTypeId', t('filterActivity'), options.activities, (id) => activities[id] || id)}
    </div>
  );
}
