// Types of scripts/patches.mjs for its TypeScript callers (test/unit/patches.test.ts).
export interface Hunk {
  /** the hunk's first line in the file before the patch, 1-based */
  oldStart: number
  /** the hunk's lines with their first character: ' ' context, '-' removed, '+' added */
  lines: string[]
}
export function parsePatch(text: string, name: string): {file: string; hunks: Hunk[]}[]
export function applyHunks(source: string, hunks: Hunk[], where: string): string
export function patchedFiles(root: string, packageName: string): Map<string, {contents: string; patches: string[]}>
