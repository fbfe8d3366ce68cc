// A URL with credentials in it (a hook's, a mirror's) is a secret export never writes: the server masks or
// never returns them, so the file gets {env: PREFIX_URL_HOST} for the person to fill in with the whole URL.
import {URL_USERINFO} from '../core/base/redact.js'

/** `url` as export writes it: a reference named for its host where it holds credentials, else as it is */
export function urlReference(url: unknown, prefix: string): unknown {
  const host = typeof url === 'string' && URL_USERINFO.test(url) ? /^[^/?#:]*/.exec(url.replace(URL_USERINFO, ''))?.[0] : undefined
  return host === undefined ? url : {env: `${prefix}_URL_${host.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`}
}
