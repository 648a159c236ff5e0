// Runs in every server test file (vitest.config.ts): a worker runs many files one after another
// in one process, so each file ends with nothing of its own left running.
import { afterAll } from 'vitest';
import { closeLeftoverTestApps } from './open-apps';

afterAll(closeLeftoverTestApps);
