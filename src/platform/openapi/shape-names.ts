// Names of shapes that routes build themselves rather than declare as resources, by where the first
// of them sits in the finished document (JSON pointer); nameByShape (schema-names.ts) replaces every
// equal schema with a $ref, so generated clients get one type for each.
const op = (path: string, method: string, rest: string) =>
  `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/${rest}`;
const json = 'content/application~1json/schema';
const ok = (status: number) => `responses/${status}/${json}`;

export const SHAPE_NAMES: Record<string, string> = {
  EntityStatus: '#/components/schemas/Customer/properties/status',
  TokenPair: op('/v2/auth/login', 'post', ok(200)),
  SignupResult: op('/v2/company/signup', 'post', ok(201)),
  ApiKey: op('/v2/apiKeys', 'get', `${ok(200)}/items`),
  ApiKeyCreated: op('/v2/apiKeys', 'post', ok(201)),
  IdResult: op('/v2/customers/', 'post', ok(201)),
  UpdatedResult: op('/v2/customers/{id}', 'patch', ok(200)),
  DeletedResult: op('/v2/customers/{id}', 'delete', ok(200)),
  JobActionResult: op('/v2/jobs/{id}/assign', 'post', ok(200)),
  ClockResult: op('/v2/jobs/{id}/start', 'post', ok(200)),
  GeoPoint: op('/v2/jobs/{id}/start', 'post', `requestBody/${json}/properties/location`),
  TimeFrameQuery: op('/v2/jobs/jobsInTimeFrame', 'post', `requestBody/${json}`),
  InvoicePosition: '#/components/schemas/Invoice/properties/positions/items',
  InvoicePositionInput: '#/components/schemas/InvoiceCreate/properties/positions/items',
  AllowanceCharge: '#/components/schemas/Invoice/properties/allowancesCharges/items',
  AllowanceChargeInput: '#/components/schemas/InvoiceCreate/properties/allowancesCharges/items',
  SendDocumentRequest: op('/v2/invoices/{id}/send', 'post', `requestBody/${json}`),
  SendDocumentResult: op('/v2/invoices/{id}/send', 'post', ok(200)),
  Event: op('/v2/events', 'get', `${ok(200)}/items`),
  WebhookSecret: op('/v2/integrations/webhooks/', 'post', ok(201)),
  ChatMessage: op('/v2/chats/{chatId}/messages', 'get', `${ok(200)}/items`),
};
