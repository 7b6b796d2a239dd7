// The images of the company's own letters besides the logo: the letterhead band (drawn by
// letterhead.ts) and, under an offer, the signature image of the user who created it with their
// name, as a signed letter has. The customer's signature of a signed offer follows it (signature.ts).
import { type Flow, PAGE, style, put } from '../../../platform/pdf/layout.js';

export interface LetterArt {
  letterhead?: Uint8Array;
  signature?: Uint8Array;
  signerName?: string;
}

const BOX = { width: 160, height: 50 };

/** The issuer's signature where the flow stands: the image in a 160 × 50 pt box, the name under it. */
export function issuerSignature(flow: Flow, art: LetterArt) {
  if (!art.signature) return;
  flow.room(BOX.height + 24);
  flow.y += 6;
  try {
    flow.pdf.image(Buffer.from(art.signature), PAGE.left, flow.y, { fit: [BOX.width, BOX.height] });
  } catch {
    return; // checked at upload; should it still not decode, the letter goes out unsigned
  }
  flow.y += BOX.height + 2;
  if (art.signerName) {
    style(flow.pdf, { size: 8.5 });
    put(flow.pdf, art.signerName, PAGE.left, flow.y);
    flow.y += 12;
  }
  style(flow.pdf);
}
