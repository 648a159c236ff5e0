/** The first e2e server's port; worker slot N drives the server on the port N above it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The server of a worker slot: one per worker, on consecutive ports (e2e/fixtures.ts). */
export const e2eServerUrl = (slot: number) => `http://localhost:${E2E_PORT + slot}`;
