import { users } from './users-resource.js';

export const userResponse = users.response;
