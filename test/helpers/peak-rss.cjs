// Preloaded into a spawned forgectl (`node --require`, through NODE_OPTIONS) by peak-memory.ts: when the
// process exits, its peak resident set size in bytes goes to the file named by PEAK_RSS_FILE. A process
// that dies in a V8 fatal error writes nothing, which the test sees.
const {writeFileSync} = require('node:fs')

const file = process.env.PEAK_RSS_FILE
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)))
