// jest --testResultsProcessor for mutate.mjs: writes, per test file, the status and full name of
// each test case to $RATLAS_BENCH_RESULTS, in the shape of jest's --json report that mutate.mjs reads.
//
// Why not `jest --json --outputFile`: jest serializes every failure's details, and an error that
// carries an object graph with cycles (ESLint's RuleTester attaches the AST node being linted, whose
// `parent` closes a cycle) makes that JSON.stringify throw after the run: jest exits 1 and writes no
// report (eslint-plugin-jest, every mutant that fails a rule test).
const { writeFileSync } = require('node:fs');

module.exports = (results) => {
  const testResults = results.testResults.map((file) => ({
    name: file.testFilePath,
    // A file that failed to run at all (its import threw) has no test cases: every case it had
    // at baseline counts as failing.
    assertionResults: file.testResults.map((t) => ({ status: t.status, fullName: t.fullName })),
  }));
  writeFileSync(process.env.RATLAS_BENCH_RESULTS, JSON.stringify({ testResults }));
  return results;
};
