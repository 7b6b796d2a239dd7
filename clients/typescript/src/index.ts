// The Crewbase API client: `new CrewbaseClient({ baseUrl, apiKey })`, the generated types of every
// model (Customer, Job, …) and the table of operations.
export * from './client.js';
export * from './api-types.js';
