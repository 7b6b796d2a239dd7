// The users module's public surface: what other modules and the app may use. Everything else is internal.
export { users, usersWith } from './users-resource.js';
export { registerUserRoutes } from './users-routes.js';
export { userFullNames } from './user-names.js';
export { languageOfUser } from './user-language.js';
export { guardInvitation } from './user-guard.js';
export {
  type LoginCandidate,
  type UserCredentials,
  findLoginCandidates,
  findUserCredentials,
  findUsersByTelephone,
  recordLoginSuccess,
  storeOwnPasswordChange,
  takeLoginTry,
  userAccessGroupId,
} from './user-credentials.js';
export type { SessionHooks } from './session-hooks.js';
export { groupMembers } from './group-members.js';
export {
  companyUsersAccessGroupSql,
  paidEmployeeExistsSql,
  userAccessGroupSql,
  userExistsSql,
  userSummariesJsonSql,
} from './user-sql-fragments.js';
export { type StoredContract, type UserWithContract, userContracts, usersWithContracts } from './user-contracts.js';
export { otherFieldStaff, userContractJsonSql, userDocsById } from './user-docs.js';
export { recordSmsSent, setRemainingLeave } from './user-stamps.js';
