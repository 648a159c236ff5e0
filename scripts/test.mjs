// npm test: type check, Biome and the dependency rules (steps: a failing one fails the run and
// counts as one failure, a passing one counts nothing), then the tests: unit, API and component
// tests on PGlite, the server's again on PostgreSQL when TEST_DATABASE_URL is set, and the
// Playwright e2e suite in Debian's Chromium. Ends with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];
let passed = 0;
let failed = 0;
// Names of the failed tests, printed again at the end: CI keeps only the tail of a long log.
const failures = [];

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
  const broken = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0);
  const firstLine = (text) => text?.split('\n')[0] ?? '';
  for (const file of broken) failures.push(`${relative('.', file.name)}: ${firstLine(file.message)}`);
  for (const file of r.testResults)
    for (const t of file.assertionResults)
      if (t.status === 'failed')
        failures.push(`${relative('.', file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  return { p: r.numPassedTests, f: r.numFailedTests + broken.length };
}

function countPlaywright(file) {
  if (!existsSync(file)) return { p: 0, f: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky')
          failures.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} (${t.status})`);
    // A file's own suite is titled with its path, which the spec already names.
    const next = suite.title && suite.title !== suite.file ? [...path, suite.title] : path;
    for (const child of suite.suites ?? []) walk(child, next);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const s = report.stats;
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
  // Builds the web app when its sources changed and checks every route's chunks.
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
  // The server's tests again on PostgreSQL; the web's component tests need no database: once is enough.
  run('unit and API tests (PostgreSQL)', bin('vitest'), [
    ...vitestArgs('test-results/vitest-postgres.json'),
    '--project',
    'server',
  ]);
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

// Lighthouse on /login, / and /shop, mobile and desktop: a step like the checks above,
// bounded in time by the script itself; skipped like e2e when there is no Chromium.
if (existsSync(chromium)) {
  if (
    !run('Lighthouse budget', process.execPath, ['scripts/lighthouse-budget.mjs'], { CHROME_PATH: chromium })
  )
    failed += 1;
}

console.log('\nSteps:');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✖'} ${r.name}`);
if (failures.length > 0) {
  console.log('Failed tests:');
  for (const f of failures) console.log(`  ✖ ${f}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => !r.ok) ? 1 : 0);
