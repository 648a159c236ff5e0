/** The test apps of the running file that are not closed yet (createTestApp adds, close removes). */
export const openApps = new Set<{ close(): Promise<void> }>();

/**
 * Closes the apps a test file left open, and with the last one its copy of the database: run
 * after every file (file-setup.ts), so that the next file in the same worker starts from a
 * fresh copy of the demo data whatever this one did.
 */
export async function closeLeftoverTestApps() {
  for (const app of [...openApps]) await app.close();
}
