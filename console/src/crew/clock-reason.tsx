// Asked before a clock-in outside the company's start window or far from the object (clock-checks.ts): says
// what is unusual in words and takes a reason, which the clock-in carries (clockInReason) for the manager.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { I18n } from '../lib/i18n.js';
import type { Concern } from './clock-checks.js';

/** As the API bounds it. */
const MAX_REASON = 500;

interface Props {
  jobId: string;
  objectName: string;
  concerns: Concern[];
  i18n: I18n;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

function concernText(concern: Concern, i18n: I18n): string {
  const { t } = i18n;
  if (concern.kind === 'far') {
    const km = concern.meters >= 1000;
    return t('crewTooFar', {
      distance: km ? `${i18n.number(Math.round(concern.meters / 100) / 10)} km` : `${i18n.number(concern.meters)} m`,
    });
  }
  const hours = Math.floor(concern.minutes / 60);
  const minutes = concern.minutes % 60;
  const span = hours ? t('crewHoursMinutes', { h: hours, m: minutes }) : t('crewMinutes', { m: minutes });
  return t(concern.kind === 'early' ? 'crewTooEarly' : 'crewTooLate', { span });
}

export function ClockReason({ jobId, objectName, concerns, i18n, onSubmit, onCancel }: Props) {
  const { t } = i18n;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const id = `reason-${jobId}`;
  return (
    <form
      class="card-form clock-reason"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setMissing(true);
        onSubmit(reason.trim());
      }}
    >
      <p id={`${id}-title`} class="reason-title">
        <strong>{t('crewReasonTitle', { name: objectName })}</strong>
      </p>
      <ul class="concerns">
        {concerns.map((concern) => (
          <li key={concern.kind}>{concernText(concern, i18n)}</li>
        ))}
      </ul>
      <label for={id}>{t('crewReasonLabel')}</label>
      <textarea
        id={id}
        ref={field}
        rows={2}
        maxLength={MAX_REASON}
        aria-required="true"
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-missing` : undefined}
        value={reason}
        onInput={(event) => {
          setReason(event.currentTarget.value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id={`${id}-missing`} class="error" role="alert">
          {t('crewReasonMissing')}
        </p>
      )}
      <div class="reason-actions">
        <button type="submit" class="primary">
          {t('crewClockInAnyway')}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
