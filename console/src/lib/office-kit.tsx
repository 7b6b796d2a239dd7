// Pieces shared by the office screens (customers, invoices): a labelled field that shows the API's error for
// it, field errors of a problem, money in EUR, and file downloads that carry the in-memory token.
import type { ComponentChildren } from 'preact';
import type { CrewbaseClient, OperationId } from '../../../clients/typescript/src/client.js';
import { ProblemError } from './api.js';
import type { I18n } from './i18n.js';

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
