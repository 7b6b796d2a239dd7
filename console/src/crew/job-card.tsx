// One job in the crew view: object, time and state, the clock button, and what the cleaner needs on site:
// address with a map link (a link to OpenStreetMap only; nothing is loaded from another host), access notes
// (entrance, key, key safe code), the object's contact, the open tasks at the object as a checklist, the job's
// comment and photos. Today's jobs show the details open; later ones keep them folded. What the office typed
// (address, notes, tasks) is isolated (<bdi>), phone and e-mail set left to right, so their punctuation stays
// in place in a right-to-left language.
import type { ComponentChildren } from 'preact';
import type { CustomerObject, Job, Task } from '../../../clients/typescript/src/api-types.js';
import type { I18n, Key } from '../lib/i18n.js';
import type { JobView } from './job-state.js';

const STATE_KEYS: Record<JobView['state'], Key> = {
  open: 'stateOpen',
  started: 'stateStarted',
  completed: 'stateCompleted',
  cancelled: 'stateCancelled',
};

/** An OpenStreetMap link: to the object's coordinates when it has some, else a search for its address. */
export function mapLink(object: CustomerObject | undefined): string | undefined {
  const location = object?.location;
  if (typeof location?.latitude === 'number' && typeof location.longitude === 'number') {
    const lat = location.latitude.toFixed(6);
    const lon = location.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
  }
  const address = addressLine(object);
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : undefined;
}

export function addressLine(object: CustomerObject | undefined): string {
  const address = object?.address;
  if (!address) return '';
  const town = [address.zip, address.city].filter(Boolean).join(' ');
  return [address.street, town].filter(Boolean).join(', ');
}

interface Props {
  job: Job;
  object: CustomerObject | undefined;
  objectName: string;
  view: JobView;
  /** Open tasks at the job's object. */
  checklist: Task[];
  busy: boolean;
  open: boolean;
  onClock: (verb: 'start' | 'stop') => void;
  i18n: I18n;
  /** The reason form (when a clock-in asks for one), then the job's photos. */
  children?: ComponentChildren;
}

export function JobCard({ job, object, objectName, view, checklist, busy, open, onClock, i18n, children }: Props) {
  const { t } = i18n;
  const address = addressLine(object);
  const map = mapLink(object);
  const headingId = `job-${job._id}`;
  const access = [
    object?.description && { label: t('crewAccess'), text: object.description },
    object?.key && { label: t('crewKey'), text: object.key },
    object?.securityCode && { label: t('crewKeySafe'), text: object.securityCode },
  ].filter((item): item is { label: string; text: string } => Boolean(item));
  const phone = object?.contact?.phone;
  const email = object?.contact?.email;
  return (
    <li class="job" data-job-id={job._id} aria-labelledby={headingId}>
      <div class="job-head">
        <h3 class="object" id={headingId}>
          {objectName}
        </h3>
        <span class={`state state-${view.state}`}>
          {t(STATE_KEYS[view.state])}
          {view.pending && <span class="pending"> · {t('pending')}</span>}
        </span>
      </div>
      <div class="muted">
        {job.from && i18n.day(job.from)}, {job.from && i18n.time(job.from)}–{job.to && i18n.time(job.to)}
        {job.activityType?.name && (
          <>
            {' '}
            · <bdi>{job.activityType.name}</bdi>
          </>
        )}
        {job.title && (
          <>
            {' '}
            · <bdi>{job.title}</bdi>
          </>
        )}
      </div>
      {address && (
        <div class="job-address">
          <bdi>{address}</bdi>
        </div>
      )}
      {view.offer && (
        <button
          type="button"
          class={view.offer === 'stop' ? 'secondary' : 'primary'}
          disabled={busy}
          aria-label={t(view.offer === 'stop' ? 'clockOutOf' : 'clockInOn', { name: objectName })}
          onClick={() => onClock(view.offer!)}
        >
          {t(view.offer === 'stop' ? 'clockOut' : 'clockIn')}
        </button>
      )}
      <details class="job-details" open={open}>
        <summary>{t('crewDetails')}</summary>
        <dl class="job-facts">
          {map && (
            <div>
              <dt>{t('crewMap')}</dt>
              <dd>
                <a href={map} target="_blank" rel="noopener noreferrer">
                  {t('crewOpenMap', { name: objectName })}
                </a>
              </dd>
            </div>
          )}
          {access.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd class="job-note">
                <bdi>{item.text}</bdi>
              </dd>
            </div>
          ))}
          {(phone || email) && (
            <div>
              <dt>{t('crewContact')}</dt>
              <dd>
                {phone && (
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                    {phone}
                  </a>
                )}
                {phone && email && ' · '}
                {email && (
                  <a href={`mailto:${email}`} dir="ltr">
                    {email}
                  </a>
                )}
              </dd>
            </div>
          )}
          {job.jobComment && (
            <div>
              <dt>{t('crewJobComment')}</dt>
              <dd class="job-note">
                <bdi>{job.jobComment}</bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('crewChecklist')}</dt>
            <dd>
              {checklist.length ? (
                <ul class="checklist">
                  {checklist.map((task) => (
                    <li key={task._id}>
                      <bdi>{task.title}</bdi>
                      {task.description ? (
                        <span class="muted">
                          {' '}
                          · <bdi>{task.description}</bdi>
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                t('crewNoChecklist')
              )}
            </dd>
          </div>
        </dl>
      </details>
      {children}
    </li>
  );
}
