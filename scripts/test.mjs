// npm test: type check, Biome and the dependency rules (steps: a failing one fails the run and
// counts as one failure, a passing one counts nothing), then the tests: unit and API tests on
// PGlite, the same again on PostgreSQL when TEST_DATABASE_URL is set, and the Playwright e2e
// suite in Debian's Chromium. Ends with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];
let passed = 0;
let failed = 0;

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  results.push({ name, ok });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return { p: 0, f: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that failed to load counts as one failure even though none of its tests ran.
  const brokenFiles = r.testResults.filter(
    (t) => t.status === 'failed' && t.assertionResults.length === 0,
  ).length;
  return { p: r.numPassedTests, f: r.numFailedTests + brokenFiles };
}

function countPlaywright(file) {
  if (!existsSync(file)) return { p: 0, f: 1 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { p: s.expected, f: s.unexpected + s.flaky };
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
mkdirSync('screenshots', { recursive: true });

const bin = (name) => `node_modules/.bin/${name}`;
for (const [name, cmd, args] of [
  ['type check', bin('tsc'), ['--noEmit', '-p', '.']],
  ['biome', bin('biome'), ['check', '.']],
  [
    'dependency rules',
    bin('depcruise'),
    ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  ],
  // Builds the web app when its sources changed and checks every route's chunks (issue 15).
  ['web bundle budget', process.execPath, ['--import', 'tsx', 'scripts/web-budget.ts']],
]) {
  if (!run(name, cmd, args)) failed += 1;
}

const vitestArgs = (out) => ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
const pgliteEnv = { TEST_DATABASE_URL: '' };
run('unit and API tests (PGlite)', bin('vitest'), vitestArgs('test-results/vitest-pglite.json'), pgliteEnv);
let c = countVitest('test-results/vitest-pglite.json');
passed += c.p;
failed += c.f;

if (process.env.TEST_DATABASE_URL) {
  run('unit and API tests (PostgreSQL)', bin('vitest'), vitestArgs('test-results/vitest-postgres.json'));
  c = countVitest('test-results/vitest-postgres.json');
  passed += c.p;
  failed += c.f;
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}

if (existsSync(chromium)) {
  run('e2e (Playwright in Chromium)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
  c = countPlaywright('test-results/e2e.json');
  passed += c.p;
  failed += c.f;
} else if (process.env.REQUIRE_E2E === '1') {
  console.log(`\n✖ e2e: no Chromium at ${chromium}, and REQUIRE_E2E=1.`);
  failed += 1;
} else {
  console.log(
    `\n⚠ e2e SKIPPED: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

// Lighthouse on /login, / and /shop, mobile and desktop (issue 15): a step like the checks above,
// bounded in time by the script itself; skipped like e2e when there is no Chromium.
if (existsSync(chromium)) {
  if (
    !run('Lighthouse budget', process.execPath, ['scripts/lighthouse-budget.mjs'], { CHROME_PATH: chromium })
  )
    failed += 1;
}

console.log('\nSteps:');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✖'} ${r.name}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => !r.ok) ? 1 : 0);
