// The sessions module's public entry: sign-in and out, bearer tokens, the actor of a request,
// the session view, password changes, second factors, and the secrets and throttling other
// modules reuse. Each group of use cases lives in its own file beside this one.
export { actorFromSession, actorFromToken } from './sessions.actor';
export { issueToken, listOwnTokens, revokeOwnToken, signOutToken } from './sessions.api-tokens';
export {
  changePassword,
  checkCurrentPassword,
  completePasswordReset,
  openPasswordLink,
  requestPasswordReset,
} from './sessions.password-changes';
export {
  type Client,
  checkCredentials,
  completeSignIn,
  endUserSessions,
  pendingSignIn,
  rememberDevice,
  signIn,
  signOut,
} from './sessions.sign-in';
export {
  getAccount,
  getSessionView,
  grantedLocations,
  setSessionGroup,
  switchLocation,
  toLocation,
} from './sessions.view';
export { hashPassword } from './sessions.passwords';
export { attemptAllowed, claimAttempt, signupMailRules } from './sessions.throttle';
export { resetSecondFactor } from './sessions.mfa';
export { hashSecret, newSecret } from './sessions.tokens';
export { purgeExpired } from './sessions.purge';
