// `npm run sandbox`, for work on forgectl itself: start the sandbox on loopback and print its URL and
// tokens, with knobs that users do not need (users run `forgectl sandbox`, src/commands/sandbox.ts).
// SANDBOX_PORT picks the port; SANDBOX_FAULTS takes a JSON array of fault rules; SANDBOX_LATENCY_MS
// adds latency to every request; SANDBOX_JOB_DELAY_MS sets how long simulated jobs take.
import {type FaultRule, startSandbox} from './server.js'

const env = process.env
const sandbox = await startSandbox({
  port: Number(env.SANDBOX_PORT ?? 0),
  faults: env.SANDBOX_FAULTS ? (JSON.parse(env.SANDBOX_FAULTS) as FaultRule[]) : [],
  latencyMs: Number(env.SANDBOX_LATENCY_MS ?? 0),
  jobDelayMs: Number(env.SANDBOX_JOB_DELAY_MS ?? 2000),
  seedProjects: Number(env.SANDBOX_SEED_PROJECTS ?? 0),
  seedProjectsUnder: env.SANDBOX_SEED_PROJECTS_UNDER ?? 'bench',
  seedLabels: Number(env.SANDBOX_SEED_LABELS ?? 0),
})

console.log(`sandbox listening on ${sandbox.url}`)
console.log(`  export FORGECTL_HOST=${sandbox.url}`)
for (const [role, token] of Object.entries(sandbox.tokens)) console.log(`  ${role.padEnd(10)} token: ${token}`)
const stop = () => void sandbox.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
