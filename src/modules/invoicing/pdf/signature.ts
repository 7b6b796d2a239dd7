// The customer's signature under a signed offer or assignment confirmation: the image they drew,
// their name and the time, in the company's time zone at signing (stored with the signature).
import { type Flow, PAGE, WIDTH, hline } from '../../../platform/pdf/layout.js';
import type { BillingReadOnly } from '../documents/document-schema.js';

const IMAGE = { width: 180, height: 60 };

/** "27.11.2026, 10:15 Uhr" in the zone; UTC when the zone is unknown. */
export function signedAtText(iso: string, timeZone = 'UTC'): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('de-DE', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  try {
    return `${format(timeZone)} Uhr`;
  } catch {
    return `${format('UTC')} Uhr (UTC)`;
  }
}

/** Draws the signature block where the flow stands (nothing for an unsigned document). */
export function signatureBlock(flow: Flow, signature: BillingReadOnly['signature'] | undefined) {
  if (!signature?.name || !signature.signedAt) return;
  const pdf = flow.pdf;
  flow.room(IMAGE.height + 40);
  flow.y += 10;
  const image = typeof signature.image === 'string' ? signature.image.split(',', 2)[1] : undefined;
  // The image was checked to be a printable PNG when it was signed (signing-links.ts).
  if (image) pdf.image(Buffer.from(image, 'base64'), PAGE.left, flow.y, { fit: [IMAGE.width, IMAGE.height] });
  flow.y += IMAGE.height + 2;
  hline(pdf, flow.y, PAGE.left, PAGE.left + IMAGE.width);
  flow.y += 4;
  const text = `Unterschrieben von ${signature.name} am ${signedAtText(signature.signedAt, signature.timeZone)}`;
  flow.block(text, PAGE.left, WIDTH, { size: 8.5 }, 6);
}
