// The password check log-in uses (argon2id; hashing and the policy are in the platform, since the
// users module stores passwords): here so that tests can hold it to line parallel log-ins up.
export { verifyPassword } from '../../platform/passwords.js';
