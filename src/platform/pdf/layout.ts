// The page machinery of the printed documents: an A4 pdfkit document with the shipped DejaVu Sans
// (regular and bold, embedded as subsets, so every viewer and PDF/A sees the same glyphs), text
// placed line by line at explicit positions (our own wrapping: a block never runs into the footer,
// it continues on the next page), and the footer and page numbers drawn once all pages exist.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';

export type Pdf = InstanceType<typeof PDFKit>;

// The footer takes 8 lines of 8.5 pt from footerTop: it ends about 6 mm above the paper's edge.
export const PAGE = { left: 50, right: 545, top: 50, bottom: 734, footerTop: 750 } as const;
export const WIDTH = PAGE.right - PAGE.left;

// pdfkit and the fonts load on the first document, not when the server starts.
let pdfkit: Promise<typeof PDFKit> | undefined;
// The TTF files, and once a document has parsed them, pdfkit's parsed fonts (fontkit objects, which
// pdfkit accepts in place of the file): parsing the tables of a 700 KB font per document cost most of
// a rendering's time. The parsed font is read-only apart from its glyph caches.
let fonts: { regular: unknown; bold: unknown } | undefined;
let parsed = false;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
  return (fonts = { regular: file('DejaVuSansCondensed.ttf'), bold: file('DejaVuSansCondensed-Bold.ttf') });
}

/** A new document with the fonts registered as 'regular' and 'bold'; every page's footer is drawn at the end. */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<Pdf> {
  const PDFDocument = await loadPdfkit();
  const { regular, bold } = loadFonts();
  // The bottom margin is 0: nothing we place may make pdfkit add a page on its own.
  // `font`: ours from the start, so pdfkit does not load its default Helvetica metrics.
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, left: PAGE.left, right: 50, bottom: 0 },
    bufferPages: true,
    font: regular as string,
    ...options,
  });
  pdf.registerFont('regular', regular as Buffer);
  pdf.registerFont('bold', bold as Buffer);
  if (!parsed) keepParsedFonts(pdf);
  pdf.font('regular');
  return pdf;
}

/** Takes the fonts pdfkit parsed for `pdf` as the sources of the next documents. */
function keepParsedFonts(pdf: Pdf) {
  const parsedFont = (name: string) =>
    (pdf.font(name) as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  const regular = parsedFont('regular');
  const bold = parsedFont('bold');
  if (typeof regular?.layout === 'function' && typeof bold?.layout === 'function') fonts = { regular, bold };
  parsed = true;
}

/** The bytes of a document once `draw` has drawn it. */
export function pdfBytes(pdf: Pdf, draw: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      draw();
      pdf.end();
    } catch (error) {
      reject(error);
    }
  });
}

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
}

/** Sets font, size and colour. */
export function style(pdf: Pdf, { bold = false, size = 9, color = '#000000' }: TextStyle = {}) {
  return pdf
    .font(bold ? 'bold' : 'regular')
    .fontSize(size)
    .fillColor(color);
}

/** The lines `text` wraps into at `width` in the current font: at spaces, inside a word only if it is wider than a line. */
export function wrap(pdf: Pdf, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of String(text).replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (pdf.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (pdf.widthOfString(line) > width) {
        // a word longer than the line: cut it
        let cut = line.length - 1;
        while (cut > 1 && pdf.widthOfString(line.slice(0, cut)) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** One line at (x, y), left or right aligned within `width`; never wraps, never adds a page. */
export function put(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  opts: { width?: number; align?: 'left' | 'right' } = {},
) {
  const dx = opts.align === 'right' && opts.width ? opts.width - pdf.widthOfString(text) : 0;
  pdf.text(text, x + dx, y, { lineBreak: false });
}

/** A thin grey horizontal line from x1 to x2 at y. */
export function hline(pdf: Pdf, y: number, x1: number = PAGE.left, x2: number = PAGE.right) {
  pdf.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.5).strokeColor('#999999').stroke().restore();
}

/** The height of one line in the current font. */
export const lineHeight = (pdf: Pdf) => pdf.currentLineHeight(true) + 1;

/**
 * A flow of content from top to bottom across pages: `room(h)` starts a new page when less than
 * `h` is left (and calls `onNewPage`, e.g. to repeat a table header), `block` writes wrapped text.
 */
export class Flow {
  onNewPage: (() => void) | undefined;
  constructor(
    readonly pdf: Pdf,
    public y: number,
  ) {}

  room(height: number) {
    if (this.y + height <= PAGE.bottom) return;
    this.pdf.addPage();
    this.y = PAGE.top;
    this.onNewPage?.();
  }

  /** Wrapped text at x within width, continued on the next page where the page ends. */
  block(text: string, x: number, width: number, textStyle: TextStyle = {}, gapAfter = 0) {
    style(this.pdf, textStyle);
    const h = lineHeight(this.pdf);
    for (const line of wrap(this.pdf, text, width)) {
      this.room(h);
      style(this.pdf, textStyle); // a header drawn on a new page may have changed the font
      put(this.pdf, line, x, this.y);
      this.y += h;
    }
    this.y += gapAfter;
  }
}

/** Draws `drawOn(page, count)` on every page once the content is complete (footers, page numbers). */
export function finishPages(pdf: Pdf, drawOn: (page: number, count: number) => void) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    drawOn(i - start + 1, count);
  }
}
