// npm start: build the web app if its sources changed, then serve (src/server/main.ts).
import { spawn } from 'node:child_process';
import { buildWebIfChanged } from './web-build.mjs';

buildWebIfChanged();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
