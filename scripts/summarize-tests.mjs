// Adds up the JSON reports of every test leg and prints one closing line: "Tests: N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const folder = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    // A file whose setup failed reports its tests as skipped: count the file as a failure.
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
for (const expected of ['unit.json', 'integration-pglite.json', 'e2e-results.json']) {
  if (!fs.existsSync(path.join(folder, expected))) missing.push(expected);
}
if (missing.length) console.log(`Missing reports (a leg did not run to the end): ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
