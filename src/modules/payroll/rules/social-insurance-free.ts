// The social-insurance-free part of a tax-free surcharge (§1 (1) S. 1 Nr. 1 SvEV): surcharges for
// Sunday, holiday and night work that are tax-free under §3b EStG are not wage for social insurance
// "soweit das Entgelt, auf dem sie berechnet werden, nicht mehr als 25 Euro für jede Stunde
// beträgt". §3b (2) EStG caps the tax-free base at 50 EUR an hour, the SvEV at 25: a surcharge on a
// 30 EUR base is tax-free on all 30 but free of social insurance only on 25; the part on the base
// above 25 is liable to social insurance (while still tax-free). docs/pay-law.md explains it.
import { scaleCents } from '../../../platform/money.js';

/** §1 (1) S. 1 Nr. 1 SvEV: the base per hour up to which a tax-free surcharge is free of social insurance. */
export const SV_FREE_BASE_CAP_CENTS = 2500;

/**
 * The part of a surcharge free of social insurance: the surcharge on the base up to 25 EUR an
 * hour (cents × min(rate, 25) / rate), never more than its tax-free part. Without a known rate the
 * whole tax-free part is taken (the salary stored no rate to cap).
 */
export function socialInsuranceFreeCents(
  surcharge: { cents: number; taxFreeCents: number },
  rateCents: number,
  capCents: number = SV_FREE_BASE_CAP_CENTS,
): number {
  if (surcharge.taxFreeCents <= 0) return 0;
  if (rateCents <= capCents) return surcharge.taxFreeCents;
  return Math.min(surcharge.taxFreeCents, scaleCents(surcharge.cents, capCents, rateCents));
}
