// GET /version: the platform's version, which clients ask first (python-gitlab's gl.version(), gitbeaker's
// Metadata) to decide which calls the server understands. Any signed-in user may read it.
import {ok} from '../http.js'
import type {Router} from '../router.js'
import type {Store} from '../store.js'

/** the platform release whose API the spec describes */
export const PLATFORM_VERSION = '18.6.0-ee'

export default function register(r: Router, store: Store): void {
  r.get('/version', ({user}) => {
    store.requireUser(user)
    return ok({version: PLATFORM_VERSION, revision: 'sandbox', kas: {enabled: false, externalUrl: null, version: null}, enterprise: true})
  })
}
