// GET /projects/:id/widgets (a throwaway area: docs/ARCHITECTURE.md's "Add a topic" followed once).
import {ok} from '../http.js'
import type {Router} from '../router.js'
import type {Store} from '../store.js'

export default function register(r: Router, store: Store): void {
  r.get('/projects/:id/widgets', ({user}) => {
    store.requireUser(user)
    return ok([{id: 1, name: 'gear'}])
  })
}
