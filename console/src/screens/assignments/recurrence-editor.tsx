// The recurrence of an assignment: first day, time of day and duration, weekly on chosen days every n weeks
// or monthly on the nth weekday, dates skipped and an optional last day. The next dates come from the API
// (POST /v2/assignments/preview, the rules job generation uses) in the company's time zone, shown as that
// zone's wall clock whatever the browser's zone is.
import { useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { numberInput, parseNumber } from '../../lib/numbers.js';
import { Field, NumberField, SelectField, fieldErrorsOf } from '../../lib/office-kit.js';
import { type RecurrenceChoice, WEEKDAYS, type Weekday, toICalendar } from './recurrence.js';

const PREVIEW_COUNT = 8;
const DEBOUNCE_MS = 300;

interface Props {
  client: CrewbaseClient;
  tzid: string;
  choice: RecurrenceChoice;
  onChange: (choice: RecurrenceChoice) => void;
  /** The API's field errors of the last save, by path (iCalendar.byDay...). */
  errors: Record<string, string>;
}

/** A local `YYYY-MM-DDTHH:mm:ss` shown as written (its zone is the rule's): formatted as UTC so nothing shifts. */
function wallClock(lang: string, local: string) {
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(`${local.slice(0, 19)}Z`));
}

export function RecurrenceEditor({ client, tzid, choice, onChange, errors }: Props) {
  const { t, lang } = useI18n();
  const [hours, setHours] = useState(numberInput(choice.minutes / 60, lang));
  const [intervalText, setIntervalText] = useState(String(choice.interval));
  const [exception, setException] = useState('');
  const [preview, setPreview] = useState<string[]>();
  const [previewErrors, setPreviewErrors] = useState<Record<string, string>>({});
  const [previewProblem, setPreviewProblem] = useState<string>();
  const change = (patch: Partial<RecurrenceChoice>) => onChange({ ...choice, ...patch });
  const shown = { ...previewErrors, ...errors };
  const err = (...paths: string[]) =>
    paths.map((p) => shown[`iCalendar.${p}`]).find(Boolean) ??
    Object.entries(shown).find(([path]) => paths.some((p) => path.startsWith(`iCalendar.${p}.`)))?.[1];

  const ready = Boolean(choice.startDate && choice.time && choice.minutes > 0);
  const ical = JSON.stringify(toICalendar(choice, tzid));
  useEffect(() => {
    if (!ready) return setPreview(undefined);
    let current = true;
    const timer = setTimeout(() => {
      client
        .call('assignments.preview', {
          body: {
            iCalendar: JSON.parse(ical),
            count: PREVIEW_COUNT,
            after: new Date(Date.now() - 86_400_000).toISOString(),
          },
        })
        .then((answer) => {
          if (!current) return;
          setPreview(answer.occurrences.map((o) => o.localStart));
          setPreviewErrors({});
          setPreviewProblem(undefined);
        })
        .catch((e: unknown) => {
          if (!current) return;
          setPreview(undefined);
          setPreviewErrors(fieldErrorsOf(e));
          setPreviewProblem(messageOf(e));
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, ical, ready]);

  const dayName = (day: Weekday) => t(`crDay_${day}`);
  return (
    <fieldset class="form-group">
      <legend>{t('crRecurrence')}</legend>
      <div class="three">
        <Field
          id="rec-start"
          label={t('crFirstDay')}
          type="date"
          value={choice.startDate}
          onInput={(v) => change({ startDate: v })}
          error={err('dtstart')}
        />
        <Field
          id="rec-time"
          label={t('crTimeOfDay')}
          type="time"
          value={choice.time}
          onInput={(v) => change({ time: v })}
        />
        <NumberField
          id="rec-hours"
          label={t('crDurationHours')}
          value={hours}
          onInput={(v) => {
            setHours(v);
            const parsed = parseNumber(v);
            change({ minutes: parsed === undefined ? Number.NaN : Math.round(parsed * 60) });
          }}
          error={Number.isNaN(choice.minutes) ? t('crNotANumber') : err('dtend')}
        />
      </div>
      <div class="two">
        <SelectField
          id="rec-frequency"
          label={t('crRepeats')}
          value={choice.frequency}
          onChange={(v) => change({ frequency: v as RecurrenceChoice['frequency'] })}
          options={[
            { value: 'WEEKLY', label: t('crWeekly') },
            { value: 'MONTHLY', label: t('crMonthly') },
          ]}
          error={err('frequency')}
        />
        <Field
          id="rec-interval"
          label={t(choice.frequency === 'WEEKLY' ? 'crEveryNWeeks' : 'crEveryNMonths')}
          type="number"
          value={intervalText}
          onInput={(v) => {
            setIntervalText(v);
            change({ interval: Number(v) || 0 });
          }}
          error={err('interval')}
        />
      </div>
      {choice.frequency === 'WEEKLY' ? (
        <fieldset class="form-group checks days" aria-describedby={err('byDay') ? 'rec-days-error' : undefined}>
          <legend>{t('crOnDays')}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input
                type="checkbox"
                checked={choice.days.includes(day)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  change({ days: WEEKDAYS.filter((d) => (d === day ? on : choice.days.includes(d))) });
                }}
              />
              {dayName(day)}
            </label>
          ))}
          {err('byDay') && (
            <span id="rec-days-error" class="error field-error">
              {err('byDay')}
            </span>
          )}
        </fieldset>
      ) : (
        <div class="two">
          <SelectField
            id="rec-position"
            label={t('crWhichWeek')}
            value={String(choice.monthPosition)}
            onChange={(v) => change({ monthPosition: Number(v) })}
            options={[1, 2, 3, 4, -1].map((n) => ({
              value: String(n),
              label: t(n < 0 ? 'crNth_last' : (`crNth_${n}` as 'crNth_1')),
            }))}
            error={err('byDay')}
          />
          <SelectField
            id="rec-monthday"
            label={t('crWeekday')}
            value={choice.monthDay}
            onChange={(v) => change({ monthDay: v as Weekday })}
            options={WEEKDAYS.map((d) => ({ value: d, label: dayName(d) }))}
          />
        </div>
      )}
      <div class="two">
        <Field
          id="rec-until"
          label={t('crUntil')}
          type="date"
          value={choice.until}
          onInput={(v) => change({ until: v })}
          error={err('until', 'rrule')}
        />
        <div class="field">
          <label for="rec-exception">{t('crSkipDate')}</label>
          <div class="inline">
            <input
              id="rec-exception"
              type="date"
              value={exception}
              onInput={(e) => setException(e.currentTarget.value)}
            />
            <button
              type="button"
              class="secondary"
              disabled={!exception}
              onClick={() => {
                if (!choice.exceptions.includes(exception))
                  change({ exceptions: [...choice.exceptions, exception].sort() });
                setException('');
              }}
            >
              {t('crAddSkip')}
            </button>
          </div>
        </div>
      </div>
      {choice.exceptions.length > 0 && (
        <ul class="chips" aria-label={t('crSkipped')}>
          {choice.exceptions.map((day) => (
            <li key={day}>
              {day}
              <button
                type="button"
                class="link"
                aria-label={t('crRemoveSkip', { day })}
                onClick={() => change({ exceptions: choice.exceptions.filter((d) => d !== day) })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {err('exDate') && <p class="error field-error">{err('exDate')}</p>}
      <section class="preview" aria-labelledby="rec-preview-title" aria-live="polite">
        <h3 id="rec-preview-title">{t('crNextDates', { zone: tzid })}</h3>
        {preview ? (
          preview.length ? (
            <ol>
              {preview.map((local) => (
                <li key={local}>
                  <time dateTime={local}>{wallClock(lang, local)}</time>
                </li>
              ))}
            </ol>
          ) : (
            <p>{t('crNoDates')}</p>
          )
        ) : (
          <p class="muted">
            {previewProblem ? t('crPreviewRefused', { message: previewProblem }) : t('crPreviewWaiting')}
          </p>
        )}
      </section>
    </fieldset>
  );
}
