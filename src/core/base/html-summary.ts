// A proxy's error page (nginx's 404, a load balancer's 502) is kilobytes of markup: on the one error
// line it becomes what a person would read first, its title or else its first words.
const MAX_SUMMARY = 120

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '}

/** true when a body is markup rather than a message: a doctype, or an <html>/<head>/<body>/<title> tag */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype\s+html|<html[\s>])/i.test(text) || /<(html|head|body|title)[\s>]/i.test(text.slice(0, 2000))
}

/** the page's title, else its visible text, tags stripped, on one line of at most about 120 characters */
export function htmlSummary(html: string): string {
  const title = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1]
  const fromTitle = title === undefined ? '' : plain(title)
  const text = fromTitle || plain(html.replace(/<head[\s>][\s\S]*?<\/head>/gi, ' ').replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, ' '))
  return text.length > MAX_SUMMARY ? text.slice(0, MAX_SUMMARY - 3).replace(/\s+\S*$/, '') + '...' : text
}

function plain(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!doctype[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, name: string) => decodeEntity(name) ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
}

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : undefined
  }
  return ENTITIES[name.toLowerCase()]
}
