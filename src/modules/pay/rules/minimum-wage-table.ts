// Statutory minimum hourly wages by date: the general minimum wage (MiLoG) and sector minimums a
// company adopts as a preset. Data, not configuration: each year's new regulation is one more row.
// Amounts are EUR per hour (gross, per hour worked), written as in the regulation.

export interface MinimumWageRow {
  /** First local date (YYYY-MM-DD) the rate applies. */
  validFrom: string;
  /** Last local date it applies, when the regulation expires without a successor row. */
  validUntil?: string;
  perHour: number;
  source: string;
}

/**
 * General minimum wage, § 1 MiLoG, adjusted by ordinance under § 11 MiLoG. A row applies until the
 * next row's validFrom.
 */
export const GENERAL_MINIMUM_WAGE: readonly MinimumWageRow[] = [
  {
    validFrom: '2022-10-01',
    perHour: 12.0,
    source: '§ 1 Abs. 2 MiLoG as amended by the Mindestlohnerhöhungsgesetz of 28 June 2022',
  },
  { validFrom: '2024-01-01', perHour: 12.41, source: '§ 1 Nr. 1 Vierte Mindestlohnanpassungsverordnung (MiLoV4)' },
  { validFrom: '2025-01-01', perHour: 12.82, source: '§ 1 Nr. 2 MiLoV4' },
  {
    validFrom: '2026-01-01',
    perHour: 13.9,
    source: '§ 1 Nr. 1 Fünfte Mindestlohnanpassungsverordnung (MiLoV5) of 5 November 2025, BGBl. 2025 I Nr. 268',
  },
  { validFrom: '2027-01-01', perHour: 14.6, source: '§ 1 Nr. 2 MiLoV5' },
];

/**
 * Sector minimums under § 7 AEntG (a collective agreement declared binding for the whole sector).
 * Building cleaning, Lohngruppe 1 (interior and maintenance cleaning), the lowest rate of the
 * sector, uniform across Germany. Lohngruppe 6 (glass and facade cleaning: 17.65 from 2025, 18.40
 * from 2026) depends on the work done, not on the company, and is not a company preset.
 * The Zehnte Gebäudereinigungsarbeitsbedingungenverordnung made the agreement of 15 November 2024
 * binding from 2025-02-01 to 2026-12-31; the agreement itself dates the 2025 step 2025-01-01, which
 * is what a company bound by it pays, so the table follows the agreement's dates.
 */
export const SECTOR_MINIMUM_WAGES = {
  buildingCleaning: [
    {
      validFrom: '2022-10-01',
      perHour: 13.0,
      source: 'TV Mindestlohn Gebäudereinigung, Neunte GebäudeArbbV (in force 2022-10-01)',
    },
    { validFrom: '2024-01-01', perHour: 13.5, source: 'TV Mindestlohn Gebäudereinigung, Neunte GebäudeArbbV' },
    {
      validFrom: '2025-01-01',
      perHour: 14.25,
      source: 'TV Mindestlohn Gebäudereinigung of 15 November 2024, Zehnte GebäudeArbbV',
    },
    {
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      perHour: 15.0,
      source: 'TV Mindestlohn Gebäudereinigung of 15 November 2024, Zehnte GebäudeArbbV (expires 2026-12-31)',
    },
  ],
} as const satisfies Record<string, readonly MinimumWageRow[]>;

export type MinimumWageSector = keyof typeof SECTOR_MINIMUM_WAGES;
export const MINIMUM_WAGE_SECTORS = Object.keys(SECTOR_MINIMUM_WAGES) as MinimumWageSector[];

/** The row in force on a local date: the latest validFrom not after it, unless it has expired. */
export function rowOn(table: readonly MinimumWageRow[], date: string): MinimumWageRow | undefined {
  let found: MinimumWageRow | undefined;
  for (const row of table) if (row.validFrom <= date && (!found || row.validFrom > found.validFrom)) found = row;
  return found && (found.validUntil === undefined || date <= found.validUntil) ? found : undefined;
}

/**
 * The statutory minimum on a local date in EUR per hour: the general minimum wage, or the adopted
 * sector's minimum where that is higher (a sector minimum never lowers the general one).
 */
export function statutoryMinimumWage(date: string, sector?: MinimumWageSector | null): number | undefined {
  const general = rowOn(GENERAL_MINIMUM_WAGE, date)?.perHour;
  const specific = sector ? rowOn(SECTOR_MINIMUM_WAGES[sector], date)?.perHour : undefined;
  if (general === undefined) return specific;
  return specific === undefined ? general : Math.max(general, specific);
}
