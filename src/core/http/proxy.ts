// The proxy variables curl and gh read: HTTPS_PROXY for https hosts (undici falls back to HTTP_PROXY),
// HTTP_PROXY for http hosts, NO_PROXY for hosts reached directly; lower case first, as curl reads them.
// Read here, so that a run without any of them never loads undici.
import {UsageError} from '../base/errors.js'

export interface ProxySettings {
  httpProxy?: string
  httpsProxy?: string
  noProxy: string
}

/** undefined when no proxy is configured: requests then go out directly, as before */
export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const httpProxy = proxyUrl(env, 'http_proxy')
  const httpsProxy = proxyUrl(env, 'https_proxy')
  if (!httpProxy && !httpsProxy) return undefined
  return {httpProxy, httpsProxy, noProxy: curlNoProxy(env.no_proxy ?? env.NO_PROXY ?? '')}
}

/** the proxy a request to `url` would go through, ignoring NO_PROXY (for error messages) */
export function proxyFor(url: string, settings: ProxySettings | undefined): string | undefined {
  if (!settings) return undefined
  return url.startsWith('https:') ? (settings.httpsProxy ?? settings.httpProxy) : settings.httpProxy
}

/** curl takes `proxy.corp:3128` without a scheme as http://; undici would throw on it */
function proxyUrl(env: NodeJS.ProcessEnv, lower: 'http_proxy' | 'https_proxy'): string | undefined {
  const upper = lower.toUpperCase()
  const name = env[lower] ? lower : upper
  const raw = env[name]?.trim()
  if (!raw) return undefined
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new UsageError(`${name} is not a proxy URL such as http://proxy.example.com:3128`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${name} must be an http:// or https:// proxy URL (${url.protocol} proxies are not supported)`)
  return url.href
}

/**
 * curl and gh take a NO_PROXY entry `example.com` to cover its subdomains too; undici matches a bare
 * entry exactly and only dotted ones (`.example.com`) as suffixes, so each bare name gains its dotted form.
 */
export function curlNoProxy(value: string): string {
  const entries = value.split(/[,\s]+/).filter(Boolean)
  if (entries.includes('*')) return '*'
  return entries.flatMap(entry => (/^[.*]/.test(entry) || entry.startsWith('[') || /^[\d.]+(:\d+)?$/.test(entry) ? [entry] : [entry, `.${entry}`])).join(',')
}
