// Numbers a double cannot hold, from a server of our own: an ID beyond 2^53 (9007199254740993, which
// JSON.parse reads as ...992, so `list -q | xargs … delete` would hit another record) and 1e400 (which
// JSON.parse reads as Infinity and JSON.stringify writes as null). Every output format prints them as
// the server sent them, and --jq sees them exactly.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type Answer, answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {makeKey} from '../helpers/ssh-keys.js'

const TOKEN = 'glpat-big-numbers-0123456789'
const BIG = '9007199254740993'
/** 2^53: a double holds it, and prints it the same */
const EDGE = '9007199254740992'

/** a labels page as the server writes it: no JSON.stringify, which could not write these numbers */
const LIST = `[{"id":${BIG},"name":"big","color":"#d9534f","weight":1e400,"ratio":0.5},{"id":${EDGE},"name":"edge","color":"#5cb85c","weight":2,"ratio":0.10000000000000001},{"id":12,"name":"small","color":"#000000","weight":-12345678901234567890123,"ratio":1}]`

let server: HostileServer

beforeAll(async () => {
  server = await startHostileServer(answers.json(200, LIST))
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  server.requests.splice(0)
  server.answer(answers.json(200, LIST))
})

function run(...args: string[]) {
  return runIn(undefined, ...args)
}

/** a run in a folder of its own: a saved plan is applied from the folder it was planned in (its secrets are read there) */
function runIn(cwd: string | undefined, ...args: string[]) {
  return runCli([...args, '--retries', '0'], {cwd, env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: freshConfigDir()}})
}

/** stdout of a run that must succeed silently */
async function forgectl(...args: string[]) {
  const result = await run(...args)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return result.stdout
}

describe('a list with an ID beyond 2^53 and a number beyond a double', () => {
  it('-q prints each ID as sent, so the next command gets the right record', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '-q')).toBe(`${BIG}\n${EDGE}\n12\n`)
  })

  it('--json prints the numbers as bare tokens, as the server wrote them', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '--json')).toBe(
      `[
  {
    "id": ${BIG},
    "name": "big",
    "color": "#d9534f",
    "weight": 1e400,
    "ratio": 0.5
  },
  {
    "id": ${EDGE},
    "name": "edge",
    "color": "#5cb85c",
    "weight": 2,
    "ratio": 0.10000000000000001
  },
  {
    "id": 12,
    "name": "small",
    "color": "#000000",
    "weight": -12345678901234567890123,
    "ratio": 1
  }
]
`,
    )
  })

  it('--all --json streams the same exact text page by page', async () => {
    const stdout = await forgectl('labels', 'list', '-p', '20', '--all', '--json')
    expect(stdout).toContain(`"id": ${BIG},`)
    expect(stdout).toContain('"weight": 1e400,')
    expect(stdout).toContain('"weight": -12345678901234567890123,')
  })

  it('ndjson prints one exact line per record', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '-o', 'ndjson')).toBe(
      `{"id":${BIG},"name":"big","color":"#d9534f","weight":1e400,"ratio":0.5}\n`
        + `{"id":${EDGE},"name":"edge","color":"#5cb85c","weight":2,"ratio":0.10000000000000001}\n`
        + `{"id":12,"name":"small","color":"#000000","weight":-12345678901234567890123,"ratio":1}\n`,
    )
  })

  it('yaml prints them as plain numbers, not strings, .inf or null', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '-o', 'yaml')).toBe(
      `- id: ${BIG}
  name: big
  color: "#d9534f"
  weight: 1e400
  ratio: 0.5
- id: ${EDGE}
  name: edge
  color: "#5cb85c"
  weight: 2
  ratio: 0.10000000000000001
- id: 12
  name: small
  color: "#000000"
  weight: -12345678901234567890123
  ratio: 1
`,
    )
  })

  it('csv and a table print the digits', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '-o', 'csv', '--columns', 'id,name,weight,ratio')).toBe(
      `id,name,weight,ratio\n${BIG},big,1e400,0.5\n${EDGE},edge,2,0.10000000000000001\n12,small,-12345678901234567890123,1\n`,
    )
    expect(await forgectl('labels', 'list', '-p', '20', '-o', 'table', '--columns', 'id,name,weight')).toBe(
      `id                name   weight\n${BIG}  big    1e400\n${EDGE}  edge   2\n12                small  -12345678901234567890123\n`,
    )
  })

  it('a table of the default columns keeps the ID column', async () => {
    const stdout = await forgectl('labels', 'list', '-p', '20', '-o', 'table')
    expect(stdout.split('\n')[0]).toMatch(/^id +name +color/)
    expect(stdout.split('\n')[1]).toMatch(new RegExp(`^${BIG} +big`))
  })

  it('--jq sees the exact values', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '--jq', '.[].id')).toBe(`${BIG}\n${EDGE}\n12\n`)
    expect(await forgectl('labels', 'list', '-p', '20', '--jq', `.[] | select(.id == ${BIG}) | .name`)).toBe('big\n')
    // jq 1.7 writes a literal it keeps in its own canonical spelling
    expect(await forgectl('labels', 'list', '-p', '20', '--jq', '.[0].weight')).toBe('1E+400\n')
  })

  it('--sort orders the IDs by their exact value', async () => {
    expect(await forgectl('labels', 'list', '-p', '20', '--sort', 'id', '-q')).toBe(`12\n${EDGE}\n${BIG}\n`)
    expect(await forgectl('labels', 'list', '-p', '20', '--sort', '-id', '-q')).toBe(`${BIG}\n${EDGE}\n12\n`)
    expect(await forgectl('labels', 'list', '-p', '20', '--sort', 'weight', '-q')).toBe(`12\n${EDGE}\n${BIG}\n`)
  })

  it('--columns refuses a field inside a number', async () => {
    const result = await run('labels', 'list', '-p', '20', '--columns', 'id.text')
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --columns: "id" has no fields\n')
  })
})

describe('a record with such numbers', () => {
  const RECORD = `{"id":${BIG},"name":"big","color":"#d9534f","weight":1e400,"nested":{"ids":[${BIG},1]}}`

  it('prints exactly in every format', async () => {
    server.answer(answers.json(200, RECORD))
    expect(await forgectl('labels', 'get', 'big', '-p', '20', '-q')).toBe(`${BIG}\n`)
    expect(await forgectl('labels', 'get', 'big', '-p', '20', '-o', 'ndjson')).toBe(`${RECORD}\n`)
    expect(await forgectl('labels', 'get', 'big', '-p', '20', '-o', 'csv', '--columns', 'id,weight,nested.ids')).toBe(`id,weight,nested.ids\n${BIG},1e400,"${BIG}, 1"\n`)
    expect(await forgectl('labels', 'get', 'big', '-p', '20', '-o', 'table', '--columns', 'id,nested')).toBe(`id      ${BIG}\nnested  {"ids":[${BIG},1]}\n`)
    expect(await forgectl('labels', 'get', 'big', '-p', '20', '--jq', '.nested.ids[0]')).toBe(`${BIG}\n`)
  })

  it('--verbose traces the answer with its exact numbers', async () => {
    server.answer(answers.json(200, RECORD))
    const result = await run('labels', 'get', 'big', '-p', '20', '--json', '--verbose')
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`< ${RECORD}\n`)
  })
})

/** a POST answered 204 (a sync, a bulk publish), the n-th GET (from 0) with JSON `body(n)` */
function postThenGets(body: (n: number) => string): Answer {
  let gets = 0
  return (req, res) => {
    if (req.method !== 'POST') return answers.json(200, body(gets++))(req, res)
    res.writeHead(204)
    res.end()
  }
}

describe('an ID from an answer in the next request', () => {
  it('mirrors sync --wait polls the mirror the server named, by its exact ID', async () => {
    // the update ends at once: the second look shows a newer last_update_at
    server.answer(postThenGets(n => `{"id":${BIG},"enabled":true,"update_status":"finished","last_update_at":"2026-11-2${n}T00:00:00Z","url":"https://mirror.example.com/repo.git"}`))
    expect(await forgectl('mirrors', 'sync', `0${BIG}`, '-p', '20', '--wait', '-q')).toBe(`${BIG}\n`)
    expect(server.requests.map(r => `${r.method} ${r.url}`)).toEqual([
      `GET /api/v4/projects/20/remote_mirrors/0${BIG}`,
      `POST /api/v4/projects/20/remote_mirrors/0${BIG}/sync`,
      `GET /api/v4/projects/20/remote_mirrors/${BIG}`,
    ])
  })

  it('draft-notes publish-all counts the drafts that left by their exact IDs', async () => {
    // before: two drafts whose IDs a double cannot tell apart; after: one of them is still there
    server.answer(postThenGets(n => (n === 0 ? `[{"id":${BIG},"note":"a"},{"id":${EDGE},"note":"b"}]` : `[{"id":${BIG},"note":"a"}]`)))
    const result = await run('draft-notes', 'publish-all', '-p', '20', '--mr', '1')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('Published 1 draft note on merge request !1.\n')
  })
})

describe('an answer that is one number', () => {
  it('prints it as sent, and -q takes it as the handle', async () => {
    server.answer(answers.json(200, BIG))
    expect(await forgectl('api', 'GET', '/projects/20/count', '-q')).toBe(`${BIG}\n`)
    expect(await forgectl('api', 'GET', '/projects/20/count', '--json')).toBe(`${BIG}\n`)
    expect(await forgectl('api', 'GET', '/projects/20/count', '-o', 'yaml')).toBe(`${BIG}\n`)
  })
})

describe('a number where something else is due', () => {
  it('is no record: `labels get` refuses it as a number, as it refuses 12', async () => {
    server.answer(answers.json(200, BIG))
    const result = await run('labels', 'get', 'big', '-p', '20')
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`Error: unexpected answer from ${server.url}: 200 with a JSON number, where GET /api/v4/projects/20/labels/big returns a record\n`)
  })

  it('an error answer with such numbers is named with their digits', async () => {
    server.answer(answers.json(409, `{"message": ${BIG}}`))
    expect((await run('labels', 'get', 'big', '-p', '20')).stderr).toBe(`Error: 409 Conflict: ${BIG} (GET /api/v4/projects/20/labels/big)\n`)
    server.answer(answers.json(409, `{"message": {"id": [${BIG}]}}`))
    expect((await run('labels', 'get', 'big', '-p', '20')).stderr).toBe(`Error: 409 Conflict: id ${BIG} (GET /api/v4/projects/20/labels/big)\n`)
  })
})

describe('what forgectl sends', () => {
  it('api -F and --input send an ID beyond 2^53 with its own digits, in a body and in a query', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-big-'))
    const input = join(dir, 'body.json')
    writeFileSync(input, `{"id": ${BIG}, "weights": [1e400, 0.5]}`)
    const dryRun = async (...args: string[]) => {
      const result = await run('api', ...args, '--dry-run')
      expect(result.code, result.stderr).toBe(0)
      return result.stderr
    }
    expect(await dryRun('POST', '/projects/1/things', '-F', `id=${BIG}`, '-F', 'n=12')).toContain(`DRY RUN {"id":${BIG},"n":12}\n`)
    expect(await dryRun('PUT', '/projects/1/things', '--input', input)).toContain(`DRY RUN {"id":${BIG},"weights":[1e400,0.5]}\n`)
    expect(await dryRun('GET', '/projects/1/things', '-F', `id_after=${BIG}`)).toContain(`DRY RUN GET ${server.url}/api/v4/projects/1/things?id_after=${BIG}\n`)
  })
})

describe('apply addresses a record by its exact ID', () => {
  /**
   * A section whose calls address its records by ID: the server lists two records whose IDs a double
   * cannot tell apart (Number() made both ...992), and the file updates the first and prunes the second.
   */
  const [kept, pruned] = [makeKey('kept'), makeKey('pruned')]
  const cases = [
    {
      section: 'instance hooks',
      list: '/api/v4/hooks',
      records: [`{"id":${BIG},"url":"https://a.example.com/hook","push_events":false}`, `{"id":${EDGE},"url":"https://b.example.com/hook","push_events":false}`],
      file: 'version: 1\ninstance:\n  hooks:\n    - {url: "https://a.example.com/hook", push_events: true}\n  prune: [hooks]\n',
    },
    {
      section: 'group milestones',
      list: '/api/v4/groups/acme/milestones',
      records: [`{"id":${BIG},"iid":1,"title":"Q1","description":null}`, `{"id":${EDGE},"iid":2,"title":"Q2","description":null}`],
      file: 'version: 1\ngroups:\n  acme:\n    milestones:\n      Q1: {description: first}\n    prune: [milestones]\n',
    },
    {
      section: 'project deploy keys',
      list: '/api/v4/projects/acme%2Fweb/deploy_keys',
      records: [
        `{"id":${BIG},"title":"old","key":${JSON.stringify(kept.text)},"fingerprint_sha256":"${kept.sha256}","can_push":false}`,
        `{"id":${EDGE},"title":"gone","key":${JSON.stringify(pruned.text)},"fingerprint_sha256":"${pruned.sha256}","can_push":false}`,
      ],
      file: `version: 1\nprojects:\n  acme/web:\n    deploy_keys:\n      - {title: new, key: "${kept.text}"}\n    prune: [deploy_keys]\n`,
    },
    {
      section: 'package protection rules',
      list: '/api/v4/projects/acme%2Fweb/packages/protection/rules',
      records: [
        `{"id":${BIG},"package_name_pattern":"@acme/*","package_type":"npm","minimum_access_level_for_push":null,"minimum_access_level_for_delete":null}`,
        `{"id":${EDGE},"package_name_pattern":"@old/*","package_type":"npm","minimum_access_level_for_push":null,"minimum_access_level_for_delete":null}`,
      ],
      file: 'version: 1\nprojects:\n  acme/web:\n    package_protection_rules:\n      - {package_name_pattern: "@acme/*", package_type: npm, minimum_access_level_for_push: owner}\n    prune: [package_protection_rules]\n',
    },
  ]

  /** the list on its path, the scope's own record on another GET, the first record on a write, 204 on a DELETE */
  const serve =
    (list: string, records: string[]): Answer =>
    (req, res) => {
      if (req.method === 'GET' && req.url?.replace(/\?.*/, '') === list) return answers.json(200, `[${records.join(',')}]`)(req, res)
      if (req.method === 'GET') return answers.json(200, '{"id":7,"path":"acme","full_path":"acme","path_with_namespace":"acme/web"}')(req, res)
      if (req.method !== 'DELETE') return answers.json(200, records[0]!)(req, res)
      res.writeHead(204)
      res.end()
    }
  const writes = () => server.requests.filter(r => r.method !== 'GET').map(r => `${r.method} ${r.url.replace(/\?.*/, '')}`)
  const stateFile = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-big-'))
    writeFileSync(join(dir, 'state.yaml'), text)
    return dir
  }

  it.each(cases)('$section: apply -f updates the one and deletes the other, each by the digits the server sent', async ({list, records, file}) => {
    const dir = stateFile(file)
    server.answer(serve(list, records))
    const result = await run('apply', '-f', join(dir, 'state.yaml'), '--yes')
    expect(result.code, result.stderr).toBe(0)
    expect(
      writes()
        .map(w => w.replace(/^(PUT|PATCH) /, 'WRITE '))
        .sort(),
    ).toEqual([`DELETE ${list}/${EDGE}`, `WRITE ${list}/${BIG}`])
  })

  it.each(cases)('$section: a saved plan keeps the exact ID, and apply PLAN finds the record unmoved and writes to it', async ({list, records, file}) => {
    const dir = stateFile(file)
    server.answer(serve(list, records))
    const planned = await run('plan', '-f', join(dir, 'state.yaml'), '--out', join(dir, 'state.plan'))
    expect(planned.code, planned.stderr).toBe(0)
    const result = await runIn(dir, 'apply', 'state.plan', '--yes')
    expect(result.code, result.stderr).toBe(0)
    expect(
      writes()
        .map(w => w.replace(/^(PUT|PATCH) /, 'WRITE '))
        .sort(),
    ).toEqual([`DELETE ${list}/${EDGE}`, `WRITE ${list}/${BIG}`])
  })
})
