// Prints vitest's JSON results as the plain count CI reads: "N passed, M failed".
import {readFileSync} from 'node:fs'

const results = JSON.parse(readFileSync(process.argv[2], 'utf8'))
// A test file that fails to load has no failed test but is a failed suite: it counts as one failure.
const brokenFiles = (results.testResults ?? []).filter(file => file.status === 'failed' && !(file.assertionResults ?? []).some(t => t.status === 'failed')).length
console.log(`${results.numPassedTests} passed, ${results.numFailedTests + brokenFiles} failed`)
