import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Command tests run the built CLI as a child process against a sandbox on loopback.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globals: false,
  },
})
