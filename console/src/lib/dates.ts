// Dates as the browser's own inputs take them.

/** An ISO instant as a datetime-local input's value, in the browser's time zone ('' for none). */
export const localInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Today's date (YYYY-MM-DD) in `timeZone`: the company's day, which the browser's or UTC's is not around midnight. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
