// Pieces shared by the office screens (customers, invoices): a labelled field that shows the API's error for
// it, field errors of a problem, money in EUR, and file downloads that carry the in-memory token.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { CrewbaseClient, OperationId } from '../../../clients/typescript/src/client.js';
import { ProblemError, messageOf } from './api.js';
import { type I18n, useI18n } from './i18n.js';
import { parseNumber } from './numbers.js';

/** The problem's field errors by field path (`address.city`); a path without a field lands under ''. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ProblemError)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) {
    const path = item.path
      .replace(/^\/?body[./]?/, '')
      .replace(/^\//, '')
      .replaceAll('/', '.');
    errors[path] ??= item.message;
  }
  return errors;
}

/** EUR in the chosen language (1.234,50 € in German). */
export function money(i18n: I18n, value: number | null | undefined): string {
  return new Intl.NumberFormat(i18n.lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    value ?? 0,
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  type?: string;
  required?: boolean;
  maxLength?: number;
  step?: string;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email' | 'text';
  placeholder?: string;
  /** The id of a <datalist> of suggestions. */
  list?: string;
}

/** A label, an input and the API's message for it (announced, tied to the input by aria-describedby). */
export function Field({
  id,
  label,
  value,
  onInput,
  error,
  type = 'text',
  required,
  maxLength = 200,
  step,
  inputMode,
  placeholder,
  list,
}: FieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        maxLength={type === 'text' || type === 'email' ? maxLength : undefined}
        step={step}
        inputMode={inputMode}
        placeholder={placeholder}
        list={list}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {error && (
        <span id={`${id}-error`} class="error field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A field for a typed number: German "1.234,50" or plain "31.5" (lib/numbers.ts); the form reads it with numberOf. */
export function NumberField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
  return <Field {...props} type="text" inputMode="decimal" maxLength={40} />;
}

/** A typed number for the API: undefined when empty, NaN (refused by the form) when it is not a number. */
export function numberOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return parseNumber(text) ?? Number.NaN;
}

/** A multi-line text with the API's message for it (access notes, comments). */
export function TextArea({ id, label, value, onInput, error, maxLength = 5000 }: Omit<FieldProps, 'type'>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {error && (
        <span id={`${id}-error`} class="error field-error">
          {error}
        </span>
      )}
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  required?: boolean;
}

/** A labelled choice with the API's message for it. */
export function SelectField({ id, label, value, onChange, options, error, required }: SelectProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} class="error field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A form's state and its one way of sending: `submit` runs the API calls, shows *Saved.* or the problem, and
 * puts each of the problem's field errors (`errors[].path`) under its field; `invalid` adds the form's own
 * refusals (a number that is not one) under their fields before anything is sent.
 */
export function useApiForm<F extends Record<string, string>>(initial: F) {
  const { t } = useI18n();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof F) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  async function submit(send: () => Promise<void>, invalid: Record<string, string> = {}): Promise<boolean> {
    setResult(undefined);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      setResult({ ok: false, text: t('formCheckFields') });
      return false;
    }
    setBusy(true);
    setErrors({});
    try {
      await send();
      setResult({ ok: true, text: t('saved') });
      return true;
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { form, setForm, set, errors, setErrors, result, setResult, busy, submit };
}

export function Result({ result }: { result: { ok: boolean; text: string } | undefined }): ComponentChildren {
  if (!result) return null;
  return (
    <p class={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
      {result.text}
    </p>
  );
}

/**
 * Downloads a file operation's answer (PDF, XML) through the client, so the Authorization header and the
 * refresh on 401 apply as for any call, and saves it via a Blob URL under the server's file name.
 */
export async function download(
  client: CrewbaseClient,
  operation: Extract<OperationId, `${string}.get${'Pdf' | 'Xrechnung' | 'Zugferd'}`>,
  id: string,
  fallbackName: string,
): Promise<void> {
  const answer = await client.send(operation, { path: { id } } as never);
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  const name = /filename="?([^";]+)"?/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(new Blob([answer.data as ArrayBuffer], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
