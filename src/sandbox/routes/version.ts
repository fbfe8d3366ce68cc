// GET /version and GET /metadata (lib/api/metadata.rb serves both from one query): the platform's version, which clients ask first (python-gitlab's
// gl.version() reads /version, gitbeaker's Metadata.show() reads /metadata) to decide which calls the
// server understands. Any signed-in user may read them.
import {ok} from '../http.js'
import type {Handler, Router} from '../router.js'
import type {Store} from '../store.js'

/** the platform release whose API the spec describes */
export const PLATFORM_VERSION = '18.6.0-ee'

export default function register(r: Router, store: Store): void {
  const kas = {enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null}
  const answer: Handler = ({user}) => {
    store.requireUser(user)
    return ok({version: PLATFORM_VERSION, revision: 'sandbox', kas, enterprise: true})
  }
  r.get('/version', answer)
  r.get('/metadata', answer)
}
