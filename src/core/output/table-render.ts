// Tables as a person reads them: cli-table3 (the product's table library) lays out cells that
// table-layout.ts has already chosen and cut to fit the terminal. Borderless, columns two spaces apart:
// easy to read, and to cut/awk when someone must.

import {importModule} from '../base/launcher.js'
import {fitTable, type TableInput} from './table-layout.js'

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
}

/** the table's lines; `boldHead` only where a person sees colour (cli-table3 would colour a pipe too) */
export async function renderTable(input: TableInput, boldHead = false): Promise<string[]> {
  const {head, rows} = fitTable(input)
  const {default: Table} = await importModule<{default: typeof import('cli-table3')}>('cli-table3')
  const style = {head: boldHead ? ['bold'] : [], border: [], 'padding-left': 0, 'padding-right': 0}
  const table = head ? new Table({style, chars: BORDERLESS, head}) : new Table({style, chars: BORDERLESS})
  table.push(...rows)
  // cli-table3 pads the last column too: trailing spaces only make copied lines longer
  return table
    .toString()
    .split('\n')
    .map(line => line.trimEnd())
}
