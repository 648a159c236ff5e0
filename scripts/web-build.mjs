// Builds the web app only when its sources changed since the last build (a hash of the inputs
// is kept beside the output), so that a second `npm start` is up in seconds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const inputs = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'src/web',
  'src/contract',
  'src/domain',
];
const stamp = 'dist/web/.source-hash';

function files(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

export function buildWebIfChanged() {
  const hash = sourceHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return false;
  console.log('Building the web app…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  writeFileSync(stamp, hash);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfChanged();
