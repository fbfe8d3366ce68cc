import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Command tests run the built CLI inside the test process (test/helpers/in-process.ts) against a
    // sandbox on loopback; the end-to-end set spawns bin/run.js, tmux or other clients.
    // A safety net, never a measure: no assertion is timed, and a test that spawns forgectl, python-gitlab
    // or tmux a dozen times took more than 30 s on a 2-core machine busy with other work (issue 36).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globals: false,
    // refuses to test a dist/ older than src/ (test/helpers/fresh-dist.ts)
    globalSetup: ['test/helpers/fresh-dist.ts'],
    // One test process per worker for every file: the CLI's bundle and the helpers load once, not per
    // file (each run puts back what it changed of the process). Three workers on two cores: the job,
    // terminal and client tests spend much of their time waiting for the sandbox's jobs, tmux and
    // child processes, which a third worker overlaps with the in-process tests' CPU.
    isolate: false,
    maxWorkers: 3,
  },
})
