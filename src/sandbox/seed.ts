// The world every sandbox starts with. Tokens are fixed so that tests, the demo and people can use them.
import {ROLE, type SandboxGroup, type SandboxProject, SEED_TIME, type Store} from './store.js'

export const TOKENS = {
  /** root: instance administrator */
  admin: 'sandbox-admin-token',
  /** alice: Owner of the `acme` and `opensource` groups */
  owner: 'sandbox-owner-token',
  /** dave: Maintainer in `acme` */
  maintainer: 'sandbox-maintainer-token',
  /** bob: Developer in `acme` (the ordinary user) */
  developer: 'sandbox-developer-token',
  /** erin: Reporter in `acme` */
  reporter: 'sandbox-reporter-token',
  /** carol: member of nothing */
  outsider: 'sandbox-outsider-token',
} as const

export type SeedRole = keyof typeof TOKENS

export function seed(store: Store): void {
  const user = (id: number, username: string, name: string, extra: Partial<{is_admin: boolean}> = {}) => {
    store.users.set(id, {
      id,
      username,
      name,
      email: `${username}@example.com`,
      state: 'active',
      is_admin: extra.is_admin ?? false,
      bot: false,
      created_at: SEED_TIME,
      two_factor_enabled: false,
    })
  }
  user(1, 'root', 'Administrator', {is_admin: true})
  user(2, 'alice', 'Alice Owner')
  user(3, 'bob', 'Bob Developer')
  user(4, 'carol', 'Carol Outsider')
  user(5, 'dave', 'Dave Maintainer')
  user(6, 'erin', 'Erin Reporter')
  // no token: people to find in /users (a designer in acme/design, a former colleague who is blocked)
  user(7, 'oscar', 'Oscar Designer')
  user(8, 'peggy', 'Peggy Former')
  store.users.get(8)!.state = 'blocked'
  const ids: Record<SeedRole, number> = {admin: 1, owner: 2, developer: 3, outsider: 4, maintainer: 5, reporter: 6}
  for (const [role, token] of Object.entries(TOKENS)) store.tokens.set(token, ids[role as SeedRole])

  const group = (id: number, path: string, parent: SandboxGroup | null, visibility: SandboxGroup['visibility']): SandboxGroup => {
    const g: SandboxGroup = {
      id,
      name: path.charAt(0).toUpperCase() + path.slice(1),
      path,
      full_path: parent ? `${parent.full_path}/${path}` : path,
      parent_id: parent?.id ?? null,
      visibility,
      description: '',
      created_at: SEED_TIME,
      members: new Map(),
      verified_domains: [],
    }
    store.groups.set(id, g)
    return g
  }
  const acme = group(10, 'acme', null, 'private')
  acme.members.set(2, ROLE.owner).set(5, ROLE.maintainer).set(3, ROLE.developer).set(6, ROLE.reporter)
  acme.verified_domains.push('acme.example.com')
  const platform = group(11, 'platform', acme, 'private')
  const opensource = group(12, 'opensource', null, 'public')
  opensource.members.set(2, ROLE.owner)
  // a second subgroup of acme, so that subgroup and include_subgroups lists hold more than one
  const design = group(14, 'design', acme, 'internal')
  design.members.set(7, ROLE.developer)

  const project = (id: number, path: string, namespace: SandboxGroup, visibility: SandboxProject['visibility']) => {
    const groups = store.groupAncestors(namespace).reverse()
    store.projects.set(id, {
      id,
      name: path,
      path,
      path_with_namespace: `${namespace.full_path}/${path}`,
      name_with_namespace: [...groups.map(g => g.name), path].join(' / '),
      namespace_id: namespace.id,
      visibility,
      description: null,
      default_branch: 'main',
      created_at: SEED_TIME,
      members: new Map(),
    })
  }
  if (store.options.seedProjects > 0) {
    // the group and any group above it that the seed lacks, public, with bob as a Maintainer
    let home: SandboxGroup | undefined
    for (const segment of store.options.seedProjectsUnder.split('/')) {
      const path = home ? `${home.full_path}/${segment}` : segment
      const found = [...store.groups.values()].find(g => g.full_path === path)
      if (!found) {
        home = group(path === 'bench' ? 13 : store.nextId(), segment, home ?? null, 'public')
        home.members.set(3, ROLE.maintainer)
      } else home = found
    }
    // IDs 101-999 first, then the store's own sequence (from 1001): a fleet of thousands never reuses an ID
    for (let i = 1; i <= store.options.seedProjects; i++) project(i < 900 ? 100 + i : store.nextId(), `project-${i}`, home!, home!.visibility)
  }
  project(20, 'api', platform, 'private')
  project(21, 'website', acme, 'private')
  project(22, 'tool', opensource, 'public')
  project(23, 'brand', design, 'internal')
  project(24, 'docs', opensource, 'public')
}
