// Adds up the JSON reports of every test leg and prints one closing line: "Tests: N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const folder = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const browserTests = [];

/** Every test of a Playwright report with its title path, total time over its attempts, and whether it retried. */
function collectBrowserTests(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const results = test.results ?? [];
      browserTests.push({
        title: [...titles, spec.title].filter(Boolean).join(' › '),
        project: test.projectName,
        ms: results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
        flaky: test.status === 'flaky',
      });
    }
  }
  for (const child of suite.suites ?? []) collectBrowserTests(child, [...titles, child.title]);
}

for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) collectBrowserTests(suite, [suite.title]);
  } else if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    // A file whose setup failed reports its tests as skipped: count the file as a failure. (numFailedTestSuites
    // also counts every describe block around a failed test, which would count one failure three times.)
    const filesFailedOutsideTests = (report.testResults ?? []).filter(
      (fileResult) => fileResult.status === 'failed' && !(fileResult.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    failed += report.numFailedTests + filesFailedOutsideTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
for (const expected of ['unit.json', 'integration-pglite.json', 'e2e-results.json']) {
  if (!fs.existsSync(path.join(folder, expected))) missing.push(expected);
}
if (browserTests.length) {
  // Where the browser leg's time goes, and which tests passed only on their retry: flaky tests are bugs to find.
  console.log('Slowest browser tests:');
  for (const test of [...browserTests].sort((a, b) => b.ms - a.ms).slice(0, 12)) {
    console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  [${test.project}] ${test.title}`);
  }
  const flaky = browserTests.filter((test) => test.flaky);
  if (flaky.length) console.log(`Passed only on retry (flaky): ${flaky.map((test) => `[${test.project}] ${test.title}`).join('; ')}`);
}
if (missing.length) console.log(`Missing reports (a leg did not run to the end): ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
