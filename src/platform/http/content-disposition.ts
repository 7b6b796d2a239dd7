// The Content-Disposition of every download: a file name a browser cannot misread. The plain `filename=`
// keeps printable ASCII only (anything else, quotes, backslashes, path separators and control characters
// become `_`); `filename*=` carries the real name UTF-8 percent-encoded (RFC 6266, RFC 5987), with path
// separators and control characters replaced too, so no name can end the header, add one or name a folder.
const MAX_NAME_LENGTH = 200;

/** The name without control characters or path separators, trimmed of dots and blanks, never empty. */
function cleanName(name: string): string {
  const cleaned = Array.from(name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\]/gu, '_'))
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return cleaned || 'download';
}

/** `attachment` (saved) or `inline` (shown by the browser, e.g. a PDF) with the file's name. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = cleanName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
