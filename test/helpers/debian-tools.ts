// Command-line tools some tests check our files with (poppler's pdftotext/pdffonts/pdfimages, qpdf,
// the e-invoice validators). `.ci/run` installs them from Debian; on a machine without them those
// tests are skipped with a message naming the packages, except on CI, where a missing tool fails
// the run rather than hiding the check.
import { execFileSync } from 'node:child_process';

export const onPath = (binary: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The `skip` option of a test that needs `binaries`: false when they are there, else why not (throws on CI). */
export function skipUnless(binaries: string[], packages: string): false | string {
  const missing = binaries.filter((b) => !onPath(b));
  if (missing.length === 0) return false;
  const why = `needs ${missing.join(', ')}: install the Debian packages ${packages}`;
  if (process.env.CI) throw new Error(why);
  return why;
}

/** For tests that read PDFs back: text, fonts, images and attachments. */
export const PDF_TOOLS = skipUnless(['pdftotext', 'pdffonts', 'pdfimages', 'qpdf'], 'poppler-utils qpdf');
