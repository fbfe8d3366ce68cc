// Types of scripts/dist-freshness.mjs for its TypeScript callers (test/helpers/fresh-dist.ts).
/** why dist/ does not hold what the sources would build, or undefined when it does */
export function staleDist(root: string): string | undefined
