// Options of a route that serves pages for people (the API reference, the web console) rather than the API:
// answered without credentials and left out of the OpenAPI document.
export const PAGE_ROUTE = { schema: { hide: true }, config: { isPublic: true } } as const;
