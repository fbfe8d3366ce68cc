// The entry bin/run.js loads. Bundled with the commands (scripts/build.mjs), so that @oclif/core and
// forgectl's core are one module graph in a few files instead of hundreds.
export {execute} from '@oclif/core/execute'
