// Calendar dates (YYYY-MM-DD) of documents: due dates, skonto and dunning deadlines.
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
