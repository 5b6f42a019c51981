#!/usr/bin/env node
// `npm test`: generated/ freshness, the schema check, then vitest (unit, api) with the linter (layers, circles, hooks,
// unused code) and the web app build beside it, the login page's bundle budget, then Playwright e2e on the built SPA;
// the API suite on PostgreSQL (vitest api-pg) runs beside all of them.
// Each suite prints its own output; the last line is one plain `N passed, N failed` over all suites
// (skipped tests count in neither). Exit code 1 when anything failed or a suite crashed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'qcflow-test-'));
const MINUTE = 60_000;
/** One line per suite: { name, passed, failed, skipped, note, failures: the failed tests' names }. */
const results = [];

/** Exit status of a suite stopped at its time limit (as `timeout` gives): it fails, whatever it had passed. */
const TIMED_OUT = 124;

/**
 * Runs a suite; at its time limit it gets SIGINT, as from Ctrl-C: Playwright and vitest then stop
 * their test servers (Playwright starts them in process groups of their own, which a SIGTERM to the
 * runner leaves listening on their ports, and the next run cannot start) and write their reports.
 */
function run(title, args, { env = {}, timeout }) {
  console.log(`\n━━ ${title} ━━`);
  const child = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, timeout, killSignal: 'SIGINT' });
  if (child.error?.code !== 'ETIMEDOUT') return child.status;
  console.error(`${title}: stopped after ${timeout / MINUTE} minutes`);
  return TIMED_OUT;
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A command that passes or fails as a whole (one line of the summary). */
function check(name, title, args, timeout = 2 * MINUTE) {
  const status = run(title, args, { timeout });
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}
const generatedCheck = () => check('generate --check', 'generated/ freshness', ['--import', 'tsx', 'scripts/generate.ts', '--check']);
const schemasCheck = () => check('check:schemas', 'schemas/ against their meta-schemas (npm run check:schemas)', ['--import', 'tsx', 'scripts/check-schemas.ts']);

const vitestCli = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const vitestArgs = (projects, report) => [vitestCli, 'run', '--passWithNoTests', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

/** A vitest run's line of the summary, from its JSON report and exit status. */
function vitestResult(name, report, status) {
  const json = readReport(report);
  if (!json) return { name, passed: 0, failed: 1, skipped: 0, note: `crashed (exit ${status}), no report` };
  // A test file that fails outside a test (import error, hook) has no failed test: count the file.
  const brokenFiles = json.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'));
  const failedTests = json.testResults.flatMap((file) => file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${relative(root, file.name)} › ${t.fullName}`));
  const result = {
    name,
    passed: json.numPassedTests,
    failed: json.numFailedTests + brokenFiles.length,
    skipped: json.numPendingTests + json.numTodoTests,
    failures: [...failedTests, ...brokenFiles.map((file) => `${relative(root, file.name)} (${file.message.split('\n')[0]})`)],
  };
  if (status !== 0 && result.failed === 0) Object.assign(result, { failed: 1, note: `exit ${status} without a failed test` });
  return result;
}

function vitest() {
  const report = join(scratch, 'vitest.json');
  const status = run('vitest (unit, api)', vitestArgs(['unit', 'unit-isolated', 'api'], report), { timeout: 8 * MINUTE });
  results.push(vitestResult('vitest', report, status));
}

/**
 * A command run beside the others, its output kept in a file and printed once it ends (so suites'
 * outputs never interleave); at its limit it gets SIGINT (PostgreSQL clusters and servers stop), then
 * SIGKILL 30 s later. Answers a function that waits for it, prints its output and answers its status.
 */
function startBeside(title, command, args, timeout) {
  const log = join(scratch, `${title.replace(/\W+/g, '-')}.log`);
  const out = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
  }, timeout);
  const ended = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return async () => {
    const status = await ended;
    clearTimeout(timer);
    closeSync(out);
    console.log(`\n━━ ${title} ━━`);
    process.stdout.write(readFileSync(log, 'utf8'));
    if (timedOut) console.error(`${title}: stopped after ${timeout / MINUTE} minutes`);
    return timedOut ? TIMED_OUT : status;
  };
}

/**
 * The API suite on PostgreSQL (project api-pg) beside every other suite, at the lowest CPU priority
 * (its PostgreSQL too): it takes the CPU time the others leave idle (the browser tests wait on a
 * browser and a server), without slowing them. Its limit is CI's 20 minutes less the install and
 * a margin: its timer can only fire once the browser tests end (spawnSync holds the event loop), and
 * whatever it has left then runs alone, on both cores, about four times faster than beside them.
 */
function startVitestOnPostgres() {
  const report = join(scratch, 'vitest-pg.json');
  const finish = startBeside('vitest (api-pg: the API suite on PostgreSQL)', 'nice', ['-n', '19', process.execPath, ...vitestArgs(['api-pg'], report)], 18 * MINUTE);
  return async () => results.push(vitestResult('vitest api-pg', report, await finish()));
}

/**
 * The linter (one core, mostly import-x/no-cycle) and the web app build (one core, mostly) beside the
 * vitest suite rather than before and after it, niced: they take the CPU the suite leaves while its API
 * tests wait on I/O, and give way to it otherwise (its timing tests, such as the journal fold's event
 * loop stalls, measure the suite's own process). The niced PostgreSQL suite has time to spare. Their limit is the
 * vitest suite's: giving way to it, each may end only after it (5 minutes stopped both on a busy machine).
 */
const niced = (args) => ['nice', ['-n', '10', process.execPath, ...args]];
function startLint() {
  const finish = startBeside('ESLint: layers, import circles, hooks, unused code (npm run lint)', ...niced([join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.']), 8 * MINUTE);
  return async () => {
    const status = await finish();
    results.push({ name: 'lint', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
  };
}
const startBuild = () => startBeside('web app build', ...niced(['scripts/build-if-stale.mjs']), 8 * MINUTE);

/** After the build, the login page's JavaScript against its gzip budget (scripts/bundle-budget.mjs). */
function bundleBudget(buildStatus) {
  if (buildStatus !== 0) return results.push({ name: 'bundle budget', passed: 0, failed: 1, skipped: 0, note: 'the web app build failed' });
  const status = run('bundle budget (login route)', ['scripts/bundle-budget.mjs'], { timeout: 2 * MINUTE });
  results.push({ name: 'bundle budget', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}

function e2eSpecs(folder = join(root, 'tests', 'e2e')) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? e2eSpecs(join(folder, entry.name)) : /\.(spec|test)\.[cm]?[jt]sx?$/.test(entry.name) ? [entry.name] : [],
  );
}

/** `file:line › title` of each test of a Playwright JSON report's suites that failed (unexpected). */
function unexpectedTests(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === 'unexpected')).map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...unexpectedTests(suite.suites ?? []),
  ]);
}

function playwright() {
  if (e2eSpecs().length === 0) {
    console.log('\n━━ playwright (e2e) ━━\nno spec in tests/e2e yet: skipped');
    return results.push({ name: 'playwright', passed: 0, failed: 0, skipped: 0, note: 'no specs' });
  }
  console.log('\n━━ web app build ━━');
  if (buildIfStale() === 'failed') return results.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0, note: 'the web app build failed' });
  const report = join(scratch, 'playwright.json');
  const cli = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  // Three browsers on two cores: two left CPU idle (the niced PostgreSQL suite beside them ran 1,074 s of tests in
  // 717 s), while each test waits on a page, a server and a store in turn.
  const status = run('playwright (e2e)', [cli, 'test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_WORKERS: process.env.E2E_WORKERS ?? '3', E2E_SHOTS: process.env.E2E_SHOTS ?? '0', E2E_TRACE: process.env.E2E_TRACE ?? '0' }, timeout: 18 * MINUTE });
  const json = readReport(report);
  if (!json) return results.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0, note: `crashed (exit ${status}), no report` });
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats ?? {};
  // Errors outside tests (web server did not start, a spec file does not load) fail the suite.
  const globalErrors = json.errors?.length ?? 0;
  const failures = [...unexpectedTests(json.suites ?? []), ...(json.errors ?? []).map((error) => (error.message ?? '').split('\n')[0])];
  const result = { name: 'playwright', passed: expected + flaky, failed: unexpected + globalErrors, skipped, failures };
  if (status === TIMED_OUT) Object.assign(result, { failed: result.failed + 1, note: 'stopped at its time limit: tests did not run' });
  else if (status !== 0 && result.failed === 0) Object.assign(result, { failed: 1, note: `exit ${status} without a failed test` });
  results.push(result);
}

function guarded(name, suite) {
  try {
    suite();
  } catch (error) {
    console.error(error);
    results.push({ name, passed: 0, failed: 1, skipped: 0, note: 'the runner crashed' });
  }
}

// The API suite on PostgreSQL starts first, niced: it takes whatever CPU the others leave.
let finishVitestOnPostgres;
let finishLint;
let finishBuild;
guarded('vitest api-pg', () => (finishVitestOnPostgres = startVitestOnPostgres()));
guarded('generate --check', generatedCheck);
guarded('check:schemas', schemasCheck);
guarded('lint', () => (finishLint = startLint()));
guarded('bundle budget', () => (finishBuild = startBuild()));
guarded('vitest', vitest);
if (finishLint) await finishLint();
if (finishBuild) {
  const buildStatus = await finishBuild();
  guarded('bundle budget', () => bundleBudget(buildStatus));
}
guarded('playwright', playwright);
if (finishVitestOnPostgres) await finishVitestOnPostgres();
rmSync(scratch, { recursive: true, force: true });

console.log('\n━━ summary ━━');
for (const { name, passed, failed, skipped, note, failures = [] } of results) {
  console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped${note ? ` (${note})` : ''}`);
  // The failed tests named in the summary, which is what a truncated log keeps.
  for (const failure of failures) console.log(`  ✘ ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
