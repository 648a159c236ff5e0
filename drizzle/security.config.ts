import { defineConfig } from 'drizzle-kit';

// The security area: sign-in throttling, known devices, the shared rate limit, staff MFA; and
// the changes it makes to core tables (sessions.mfa_pending, login_failures dropped).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/security.ts'],
  out: './migrations/security',
});
