// Operation docs: sign-up, log-in, API keys, users, company settings.
import type { OperationDoc } from './operation-doc.js';

const TOKENS =
  'Answers an access token (JWT, `expiresIn` seconds, 15 minutes by default) and a refresh token (30 days by default; one use, `POST /v2/auth/refresh`).';
const LIMITED =
  'Rate-limited per IP address and per username (429 with `Retry-After`); repeated wrong passwords lock the username for a while.';

export const ACCOUNT_DOCS: Record<string, OperationDoc> = {
  'company.signup': {
    description: `Creates a company and its first user, an admin with every right, and logs them in. No credentials needed, but the server's SIGNUP setting decides who may: \`invite\` (the default) needs \`invitation\`, a single-use code from the operator (\`npm run cli -- signup invite\`); \`open\` needs \`proof\`, a solved challenge from \`GET /v2/company/signup/challenge\`, and allows a few sign-ups per IP and hour (429 beyond); \`closed\` is 403. A missing, invalid or expired code or proof is 403 saying why; one used before is 409. The username must be unique across all companies (409 \`username already taken\`). ${TOKENS}`,
  },
  'auth.login': {
    description: `Logs in with a username (login id) or e-mail and the password. \`type\` names the client (e.g. \`dashboard\`, \`app\`) and is informational. ${TOKENS} ${LIMITED}`,
    responses: {
      401: { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Wrong username or password' },
    },
  },
  'auth.refresh': {
    description: `Trades a refresh token for a new pair; the old refresh token stops working (a reused one is refused with 401). ${LIMITED}`,
  },
  'auth.requestAuthCode': {
    description: `Sends a 6-digit log-in code by SMS to the user with this telephone number. The code is valid for 5 minutes and allows 5 tries. The answer is the same whether or not such a user exists. ${LIMITED}`,
    request: { telephone: '+4915112345678' },
  },
  'auth.authUsingSMS': {
    description: `Logs in with the code from \`POST /v2/auth/requestAuthCode\`. ${TOKENS} ${LIMITED}`,
    request: { telephone: '+4915112345678', code: '123456' },
  },
  'account.changePassword': {
    description:
      "Changes the authenticated user's password; requires the current one. The user's other sessions (refresh tokens) end; API keys stay valid.",
    request: { currentPassword: 'correct-horse-battery', newPassword: 'battery-staple-horse-correct' },
  },
  'apiKeys.create': {
    description:
      'Creates an API key for scripts and integrations, sent as header `x-API-Key`. The `key` is in this answer only; the server stores a hash. Scopes: `read` (GET and read-only POSTs), `write`, `admin`; a key never has more rights than the user who creates it, and stops working when that user loses them. Optional `expiresAt`.',
  },
  'apiKeys.list': {
    description:
      "The company's API keys, without the key itself (`prefix` helps to recognise one); `lastUsedAt` is kept to the minute.",
  },
  'apiKeys.delete': {
    description:
      'Revokes the key; requests with it are refused (401) from then on, within the credential cache time (a few seconds).',
  },
  'users.filter': {
    description:
      'Lists users matching `filters` (each `{field, type, op, value}` as in the list parameter `filter`), at most 20 filters; `limit` 1 to 1000 (default 100), `skip`, `sort`. Read-only: a read-scoped API key may call it. The total is in `X-Total-Count`.',
  },
  'users.getByNumber': { description: 'Reads the user with this employee number (`number`); 404 when there is none.' },
  'users.getTimesheet': {
    description:
      "The user's timesheet of a month (`month=YYYY-MM`) as JSON (default), CSV or PDF (`format`): days, worked and paid time, absences, surcharges.",
  },
  'company.getTimeAndPaySettings': {
    description:
      'Time zone, rounding, break rules, plausibility limits and other time-and-pay settings; defaults are filled in for anything not set.',
  },
  'company.updateTimeAndPaySettings': {
    description:
      'Top-level fields replace the stored ones; plausibility limits merge. Salaries already computed stay as they are until recomputed. Answers the settings after the change.',
  },
  'company.getPayrollExportSettings': {
    description: 'DATEV consultant and client numbers and the mapping of pay types to wage types; defaults filled in.',
  },
  'company.updatePayrollExportSettings': {
    description: 'Changes payroll export settings; answers them after the change.',
  },
  'company.getInvoicingSettings': {
    description:
      'Seller data (name, address, VAT id, bank account) and the number formats of invoices, offers, credits and cancellations.',
  },
  'company.updateInvoicingSettings': {
    description:
      'Changes seller data and number formats. Documents already issued keep the seller data they were issued with; the change applies to documents issued afterwards. Issuing an invoice needs the seller data an e-invoice requires (422 names what is missing).',
  },
  'company.uploadLogo': {
    description:
      'Uploads the logo printed on documents: the raw image as the body with `Content-Type: image/png` or `image/jpeg`, at most 256 KiB (413) and 4,000,000 pixels (400, for example 2000 × 2000); the type is taken from the bytes (415 for anything but PNG or JPEG).',
  },
  'company.getLogo': { description: 'The logo printed on documents, as uploaded; 404 when there is none.' },
  'company.deleteLogo': { description: 'Removes the logo; documents rendered afterwards have none.' },
};
