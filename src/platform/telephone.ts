// Telephone numbers as stored and looked up (SMS log-in): no separators, `00` written as `+`.
export function normalizeTelephone(raw: string): string {
  return raw.replace(/[\s\-()/.]/g, '').replace(/^00/, '+');
}
