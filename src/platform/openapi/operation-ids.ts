// Stable operationIds, `<area>.<action>`, derived from method and path so that a new route gets
// one without anyone remembering to add it (docs/decisions.md states the rule):
//   area    the first path segment after /v2 (`integrations/webhooks` → `webhooks`)
//   action  POST /x/ → create, GET /x/ → list, GET /x/{id} → get, PATCH /x/{id} → update,
//           DELETE /x/{id} → delete; POST /x/{id}/verb and POST /x/verb → verb;
//           other methods on a sub-path → method + the sub-path's words (GET /invoices/{id}/pdf → getPdf).
// Where the derived name reads poorly, OVERRIDES names it. Generated clients use these names as
// method names, so changing one is a breaking change of the clients.

const OVERRIDES: Record<string, string> = {
  'GET /v2/chats/{chatId}/messages': 'chats.listMessages',
  'POST /v2/chats/{chatId}/messages': 'chats.postMessage',
  'GET /v2/client/serviceReports/{token}': 'client.getServiceReport',
  'POST /v2/client/serviceReports/{token}/sign': 'client.signServiceReport',
  'GET /v2/client/offers/{token}': 'client.getOffer',
  'POST /v2/client/offers/{token}/sign': 'client.signOffer',
  'GET /v2/client/assignmentConfirmations/{token}': 'client.getAssignmentConfirmation',
  'POST /v2/client/assignmentConfirmations/{token}/sign': 'client.signAssignmentConfirmation',
  'POST /v2/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver': 'webhooks.redeliver',
  'GET /v2/integrations/webhooks/{id}/deliveries': 'webhooks.listDeliveries',
  'POST /v2/surcharges/presets/germanTaxFree': 'surcharges.adoptGermanTaxFreePreset',
  'GET /v2/payroll/export': 'payroll.export',
  'POST /v2/absences/{id}/replacements': 'absences.assignReplacement',
  'GET /v2/absences/{id}/replacementCandidates': 'absences.listReplacementCandidates',
  'GET /v2/absences/self': 'absences.listOwn',
  'GET /v2/users/{id}/timesheet': 'users.getTimesheet',
  'PUT /v2/users/self/language': 'users.setOwnLanguage',
  'GET /v2/objects/{id}/documents': 'objects.listDocuments',
  'GET /v2/users/{id}/documents': 'users.listDocuments',
  'GET /v2/jobs/{id}/documents': 'jobs.listDocuments',
  'GET /v2/customers/{id}/documents': 'customers.listDocuments',
  'GET /v2/implementation': 'implementation.getStatus',
  'PUT /v2/company/invoicingSettings/logo': 'company.uploadLogo',
  'GET /v2/company/invoicingSettings/logo': 'company.getLogo',
  'DELETE /v2/company/invoicingSettings/logo': 'company.deleteLogo',
  'PUT /v2/company/invoicingSettings/letterhead': 'company.uploadLetterhead',
  'GET /v2/company/invoicingSettings/letterhead': 'company.getLetterhead',
  'DELETE /v2/company/invoicingSettings/letterhead': 'company.deleteLetterhead',
  'PUT /v2/company/accountingSettings': 'company.replaceAccountingSettings',
  'PUT /v2/users/{id}/signatureImage': 'users.uploadSignatureImage',
  'GET /v2/accounting/export': 'accounting.export',
  'POST /v2/sms': 'sms.send',
  'POST /v2/users/{id}/mobile/verify': 'users.verifyMobile',
  'POST /v2/users/{id}/mobile/confirm': 'users.confirmMobile',
  'GET /v2/company/signup/challenge': 'company.signupChallenge',
  'POST /v2/notifications/read': 'notifications.readAll',
  'POST /v2/timeTracking/approve': 'timeTracking.approveMany',
};

/** Naming rule the tests assert: lower camel area, a dot, lower camel action. */
export const OPERATION_ID_PATTERN = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

const camel = (word: string) => word.replace(/[-_]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
const pascal = (word: string) => camel(word).replace(/^./, (c) => c.toUpperCase());

/** The route's operationId; `url` in OpenAPI form (`{id}`) or Fastify form (`:id`), with its /v2 prefix. */
export function operationIdOf(method: string, url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const verb = method.toUpperCase();
  const override = OVERRIDES[`${verb} ${path}`];
  if (override) return override;
  const segments = path
    .replace(/^\/v2\//, '')
    .replace(/^integrations\//, '')
    .split('/');
  const area = camel(segments[0]!);
  const rest = segments.slice(1).filter(Boolean);
  const words = rest.filter((s) => !s.startsWith('{'));
  const hasId = rest.some((s) => s.startsWith('{'));
  if (!words.length) {
    const crud: Record<string, string> = hasId
      ? { GET: 'get', PATCH: 'update', PUT: 'replace', DELETE: 'delete', POST: 'post' }
      : { GET: 'list', POST: 'create', PATCH: 'update', PUT: 'replace', DELETE: 'deleteAll' };
    return `${area}.${crud[verb] ?? verb.toLowerCase()}`;
  }
  if (verb === 'POST') return `${area}.${camel(words.map((w, i) => (i ? pascal(w) : w)).join(''))}`;
  const prefix = { GET: 'get', PATCH: 'update', PUT: 'put', DELETE: 'delete' }[verb] ?? verb.toLowerCase();
  return `${area}.${prefix}${words.map(pascal).join('')}`;
}
