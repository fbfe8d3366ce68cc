// undici's own proxy support, so that an https host is reached through a CONNECT tunnel (the token
// travels inside TLS, never in clear to the proxy) and NO_PROXY is matched as undici matches it.
import type {ConnectionOptions} from 'node:tls'
import type {Dispatcher, EnvHttpProxyAgent as EnvAgent, Pool, ProxyAgent} from 'undici'
import {importModule} from '../base/launcher.js'
import {TUNNEL_CLOSED} from './network-errors.js'
import type {ProxySettings} from './proxy.js'

const EXPERIMENTAL_WARNING = 'UNDICI-EHPA'

/** `tls` (--ca-file, --insecure) applies to the server, whether reached directly or through a tunnel, and to an https proxy */
export async function proxyDispatcher(proxy: ProxySettings, tls: ConnectionOptions): Promise<Dispatcher> {
  const {EnvHttpProxyAgent, Pool} = await importModule<typeof import('undici')>('undici')
  // undici 6 calls EnvHttpProxyAgent experimental and says so on stderr at construction: one line of
  // noise in every proxied run that the user can do nothing about. Only that warning is silenced.
  const emitWarning = process.emitWarning
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const options = rest[0]
    if (typeof options === 'object' && options !== null && (options as {code?: unknown}).code === EXPERIMENTAL_WARNING) return
    Reflect.apply(emitWarning, this, [warning, ...rest])
  } as typeof process.emitWarning
  try {
    // connect: a direct request (NO_PROXY); requestTls: the server at the far end of a tunnel (the
    // tunnel's own connector ignores `connect`); proxyTls: an https:// proxy. EnvHttpProxyAgent hands
    // its options to the ProxyAgents it makes, though its type does not list them. proxyTunnel false:
    // an http host is asked for with an absolute URI, as curl does (many proxies refuse CONNECT to port
    // 80); an https host is still reached through CONNECT.
    const options: EnvAgent.Options & Pick<ProxyAgent.Options, 'requestTls' | 'proxyTls' | 'proxyTunnel' | 'clientFactory'> = {
      ...proxy,
      connect: tls,
      requestTls: tls,
      proxyTls: tls,
      proxyTunnel: false,
      clientFactory: (origin, poolOptions) => withFailingTunnels(new Pool(origin, poolOptions)),
    }
    return new EnvHttpProxyAgent(options)
  } finally {
    process.emitWarning = emitWarning
  }
}

/**
 * A proxy that closes the connection instead of answering CONNECT makes undici's error a "socket"
 * error, which its client takes for a passing one: the request stays queued and the tunnel is tried
 * again at once, forever (20,000 CONNECTs in 15 s), and no signal reaches a request that never got a
 * connection. The failed CONNECT is made an error of its own, which fails the request; forgectl's
 * retries (--retries) then decide, as for any connection that failed.
 */
function withFailingTunnels(pool: Pool): Pool {
  const connect = pool.connect.bind(pool) as (options: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>
  const tunnel = async (options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> => {
    try {
      return await connect(options)
    } catch (error) {
      if ((error as {code?: unknown}).code !== 'UND_ERR_SOCKET') throw error
      throw Object.assign(new Error('the proxy closed the connection instead of opening a tunnel', {cause: error}), {code: TUNNEL_CLOSED})
    }
  }
  // ProxyAgent asks for a tunnel with the promise form only
  pool.connect = tunnel as Pool['connect']
  return pool
}
