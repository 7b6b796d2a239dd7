// The official e-invoice validation (XML Schema, EN 16931 and XRechnung schematron, KoSIT
// acceptance) from the shared validation folder, run once over a batch of XML files: one JVM run
// per stylesheet costs about 12 s however many files there are.
import type { Json } from './test-app.js';
import { execFile, execFileSync } from 'node:child_process';
import { onPath } from './debian-tools.js';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const VALIDATION_DIR = process.env.EINVOICE_VALIDATION_DIR ?? resolve(REPO, '../shared/einvoice-validation');
export const DEBIAN_PACKAGES = 'default-jre-headless libsaxonhe-java libxml2-utils qpdf poppler-utils';
const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';

/** Why the validation cannot run here (undefined when it can). */
export function validationUnavailable(): string | undefined {
  const missing = [
    !existsSync(join(VALIDATION_DIR, 'validate.py')) &&
      `the validation folder ${VALIDATION_DIR} (set EINVOICE_VALIDATION_DIR)`,
    ...['java', 'xmllint', 'python3', 'qpdf'].filter((b) => !onPath(b)),
    !existsSync(SAXON_JAR) && SAXON_JAR,
  ].filter(Boolean);
  return missing.length
    ? `e-invoice validation needs ${missing.join(', ')}; install the Debian packages ${DEBIAN_PACKAGES}`
    : undefined;
}

/**
 * The `skip` option of a test that needs the validation: false when it can run; a message when it
 * cannot and this is not CI; on CI a missing set-up fails instead of hiding the check.
 */
export function skipUnlessValidation(): false | string {
  const why = validationUnavailable();
  if (!why) return false;
  if (process.env.CI) throw new Error(why);
  return why;
}

export interface Verdict {
  accept: boolean;
  xsdValid: boolean;
  errors: string[];
  warnings: string[];
  xsdMessages: string[];
}

/** Validates every file (name → XML text) in one run; the verdict per name. */
export async function validateBatch(
  files: Record<string, string>,
  extraPaths: Record<string, string> = {},
): Promise<Record<string, Verdict>> {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-'));
  try {
    // Byte-identical files (the CII and the XML inside the ZUGFeRD PDF) are validated once.
    const firstOf = new Map<string, string>();
    const byKey: Record<string, string> = {};
    for (const [name, xml] of Object.entries(files)) {
      if (!firstOf.has(xml)) {
        firstOf.set(xml, name);
        writeFileSync(join(dir, `${name}.xml`), xml);
      }
      byKey[name] = firstOf.get(xml)!;
    }
    for (const [name, path] of Object.entries(extraPaths)) byKey[name] = basename(path, '.xml');
    const paths = [...firstOf.values()].map((name) => join(dir, `${name}.xml`));
    const out = join(dir, 'out');
    await promisify(execFile)(
      'python3',
      [join(VALIDATION_DIR, 'validate.py'), out, ...paths, ...Object.values(extraPaths)],
      {
        maxBuffer: 64 << 20,
        // Each JVM runs one stylesheet for seconds: the quick compiler alone and one GC thread cost less
        // CPU than the optimising one, which competes with the other test processes (measured alone:
        // 22.2 -> 18.6 s of user CPU, the same wall time). The verdicts do not depend on the JIT.
        env: { ...process.env, JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' },
      },
    );
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Record<string, Json>;
    return Object.fromEntries(
      Object.entries(byKey).map(([name, key]) => {
        const entry = report[key];
        if (!entry)
          return [name, { accept: false, xsdValid: false, errors: ['NOT-IN-REPORT'], warnings: [], xsdMessages: [] }];
        const ids = (level: string) => [
          ...new Set(
            ['cen', 'xr'].flatMap((step) =>
              (entry[step] ?? []).filter((m: Json) => m.level === level).map((m: Json) => m.id as string),
            ),
          ),
        ];
        return [
          name,
          {
            accept: Boolean(entry.accept),
            xsdValid: Boolean(entry.xsd?.valid),
            errors: ids('error'),
            warnings: ids('warning'),
            xsdMessages: entry.xsd?.messages ?? [],
          },
        ];
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CII XML attached to a ZUGFeRD / Factur-X PDF (qpdf reads the embedded file). */
export function attachedXml(pdf: Buffer, attachment = 'xrechnung.xml'): string {
  const dir = mkdtempSync(join(tmpdir(), 'zugferd-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, pdf);
    const names = execFileSync('qpdf', ['--list-attachments', path], { encoding: 'utf8' });
    const name = names.includes(attachment) ? attachment : (/^(\S+\.xml)/m.exec(names)?.[1] ?? attachment);
    return execFileSync('qpdf', [`--show-attachment=${name}`, path], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A KoSIT standard test case that the set-up must accept (the positive control). */
export const CONTROL_FILE = join(VALIDATION_DIR, 'controls/kosit-testsuite-standard/01.01a-INVOICE_uncefact.xml');
