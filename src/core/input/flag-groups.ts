// The help headings of shared flags. CONNECTION and OUTPUT flags are the same on every command, so a
// command's help names them only in passing ([GLOBAL FLAGS]) and `forgectl help` explains them once;
// LIST flags change what a list command fetches and stay with the command's own.
export const CONNECTION = 'CONNECTION'
export const OUTPUT = 'OUTPUT'
export const LIST = 'LIST'

/** in the order `forgectl help` lists them */
export const GLOBAL_GROUPS: readonly string[] = [OUTPUT, CONNECTION]
