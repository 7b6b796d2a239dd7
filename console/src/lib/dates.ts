// Dates as the browser's own inputs take them.

/** An ISO instant as a datetime-local input's value, in the browser's time zone ('' for none). */
export const localInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
