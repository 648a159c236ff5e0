// The web's Lighthouse budget: Lighthouse 12.2.3 in Debian's Chromium against the
// production build with the demo data, for /login, / and /shop with results (signed in as the
// demo buyer), on the mobile and the desktop presets. Prints every score beside the
// targets (performance ≥ 90 mobile and ≥ 97 desktop, accessibility ≥ 95, CLS ≤ 0.05, TBT ≤ 200 ms
// on mobile) and says which are met. It fails when accessibility misses its target, or
// when performance, TBT or CLS fall under the floors below: today's scores (docs/performance-web.md)
// less a margin, since they move from run to run and more on a busy machine. The mobile
// performance and TBT targets are not reached yet (the doc says why); the floors keep what is.
//
//   node scripts/lighthouse-budget.mjs            (LH_PORT=3362, CHROME_PATH=/usr/bin/chromium)
//   LH_JSON=out.json … also writes every run's numbers as JSON
//   LH_PRESETS=mobile LH_PAGES=/shop …   only those presets / pages (a name's start: /, /login, /shop)
//
// Bounded in time: the whole check stops after LH_TIMEOUT_S seconds (default 420) and fails.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildWebIfChanged } from './web-build.mjs';

const port = Number(process.env.LH_PORT ?? 3362);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const timeoutS = Number(process.env.LH_TIMEOUT_S ?? 420);
const base = `http://localhost:${port}`;

export const pages = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/', path: '/', signedIn: true },
  { name: '/shop (results)', path: '/shop?width=225&ratio=45&rim=17', signedIn: true },
];
/** The targets. */
export const targets = {
  mobile: { performance: 90, accessibility: 95, cls: 0.05, tbt: 200 },
  desktop: { performance: 97, accessibility: 95, cls: 0.05, tbt: Number.POSITIVE_INFINITY },
};
/**
 * Enforced: CLS at the target; performance and TBT at a floor under today's numbers
 * (docs/performance-web.md, sixth and seventh rounds: mobile /login 96, / 84–90, /shop 56–74 with
 * TBT up to 1.4 s on a slow evening; desktop 98–100).
 */
export const floors = {
  // Margins for the mobile preset's 4× CPU slowdown on a shared 2-core machine, which swings
  // TBT by hundreds of milliseconds between runs, and for machines of the same shape whose CPU
  // differs about fivefold (the printed host index; docs/performance-web.md, "Third round"):
  // the same build scored 85–88 on / on one and 58 on another. On 27 November the host index
  // fell to 880–1,500 for hours, and the build before the seventh round reached 2.5 s of TBT.
  mobile: { performance: 40, tbt: 3000, cls: 0.05 },
  desktop: { performance: 85, tbt: 500, cls: 0.05 },
};

let server;
let chrome;
const cleanUp = async () => {
  await chrome?.kill();
  server?.kill('SIGTERM');
};
const timer = setTimeout(async () => {
  console.error(`✖ Lighthouse budget: not done after ${timeoutS} s`);
  await cleanUp();
  process.exit(1);
}, timeoutS * 1000);

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not get ready');
}

async function signIn() {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'buyer', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again, twice. */
async function audit(url, preset, cookie, attempt = 1) {
  try {
    return await auditOnce(url, preset, cookie);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  ${url} (${preset}): ${error.message}; trying again`);
    return audit(url, preset, cookie, attempt + 1);
  }
}

async function auditOnce(url, preset, cookie) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
    // A saved trace holds V8's CPU samples too (what the main thread ran); they slow the run a little.
    ...(process.env.LH_SAVE_DIR && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const lhr = result.lhr;
  if (process.env.LH_SAVE_DIR) {
    // The report, and the run's trace for what ran on the main thread (docs/performance-web.md).
    const name = `${process.env.LH_SAVE_DIR}/${preset}${new URL(url).pathname.replace(/\W+/g, '-')}`;
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`${url} (${preset}): ${lhr.runtimeError.message}`);
  const num = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: Math.round(num('first-contentful-paint')),
    lcp: Math.round(num('largest-contentful-paint')),
    tbt: Math.round(num('total-blocking-time')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    finalUrl: lhr.finalDisplayedUrl,
    // Lighthouse's measure of this machine's CPU (higher is faster): scores of two machines
    // compare only at similar indexes.
    hostIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
    // What moved, when something did: the first place to look when CLS is over its budget.
    shifts: (
      lhr.audits['layout-shifts']?.details?.items ??
      lhr.audits['layout-shift-elements']?.details?.items ??
      []
    )
      .slice(0, 3)
      .map((i) => `${i.node?.selector ?? i.node?.snippet ?? '?'} ${Number(i.score).toFixed(3)}`),
    failedA11y: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
  };
}

/** Failures (enforced) and misses (targets not met yet, printed). */
function verdicts(preset, r) {
  const t = targets[preset];
  const f = floors[preset];
  const failures = [];
  const misses = [];
  if (r.accessibility < t.accessibility)
    failures.push(`accessibility ${r.accessibility} < ${t.accessibility} (${r.failedA11y.join(', ')})`);
  if (r.cls > f.cls) failures.push(`CLS ${r.cls} > floor ${f.cls}`);
  else if (r.cls > t.cls) misses.push(`CLS ${r.cls} > target ${t.cls}`);
  if (r.performance < f.performance) failures.push(`performance ${r.performance} < floor ${f.performance}`);
  else if (r.performance < t.performance)
    misses.push(`performance ${r.performance} < target ${t.performance}`);
  if (r.tbt > f.tbt) failures.push(`TBT ${r.tbt} ms > floor ${f.tbt} ms`);
  else if (r.tbt > t.tbt) misses.push(`TBT ${r.tbt} ms > target ${t.tbt} ms`);
  return { failures, misses };
}

async function main() {
  if (!existsSync(chromePath)) {
    if (process.env.REQUIRE_E2E === '1') throw new Error(`no Chromium at ${chromePath}, and REQUIRE_E2E=1`);
    console.log(`⚠ Lighthouse budget SKIPPED: no Chromium at ${chromePath} (apt-get install -y chromium).`);
    return [];
  }
  buildWebIfChanged();
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), PGLITE_DIR: 'memory://', LOG_LEVEL: 'warn', SEED: 'auto' },
  });
  await waitReady();
  const cookie = await signIn();
  chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  const failures = [];
  const misses = [];
  const presets = (process.env.LH_PRESETS ?? 'mobile,desktop').split(',');
  const only = process.env.LH_PAGES?.split(',');
  const chosen = pages.filter((p) => !only || only.some((o) => p.name === o || p.name.startsWith(`${o} `)));
  for (const preset of presets) {
    for (const page of chosen) {
      // One unmeasured load first: the server's first answers (kept search answers, the
      // dropdown lists) are computed then, as they would be on a shop that has been running.
      if (page.path.startsWith('/shop'))
        await fetch(`${base}/api/search/items`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(Object.fromEntries(new URL(page.path, base).searchParams)),
        });
      const r = await audit(`${base}${page.path}`, preset, page.signedIn ? cookie : undefined);
      rows.push({ page: page.name, preset, ...r });
      const v = verdicts(preset, r);
      for (const x of v.failures) failures.push(`${page.name} ${preset}: ${x}`);
      for (const x of v.misses) misses.push(`${page.name} ${preset}: ${x}`);
      console.log(
        `  ${page.name.padEnd(16)} ${preset.padEnd(7)} performance ${String(r.performance).padStart(3)}  accessibility ${String(r.accessibility).padStart(3)}  FCP ${r.fcp} ms  LCP ${r.lcp} ms  TBT ${r.tbt} ms  CLS ${r.cls}  host index ${r.hostIndex}`,
      );
      if (r.cls > 0.01) console.log(`      shifted: ${r.shifts.join(' | ')}`);
    }
  }
  if (process.env.LH_JSON) writeFileSync(process.env.LH_JSON, JSON.stringify(rows, null, 2));
  for (const m of misses) console.log(`  ⚠ target not met yet: ${m}`);
  return failures;
}

main()
  .then(async (failures) => {
    clearTimeout(timer);
    await cleanUp();
    if (failures.length) {
      for (const f of failures) console.log(`✖ ${f}`);
      process.exit(1);
    }
    console.log('✓ Lighthouse budgets hold');
  })
  .catch(async (e) => {
    clearTimeout(timer);
    console.error(`✖ Lighthouse budget: ${e.message}`);
    await cleanUp();
    process.exit(1);
  });
