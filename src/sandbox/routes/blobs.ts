// Not part of the spec: a generated file of any size, for download tests and benchmarks.
// GET /sandbox/blobs/:bytes streams that many bytes without holding them in memory.
import {Readable} from 'node:stream'
import {badRequest} from '../http.js'
import type {Router} from '../router.js'

const CHUNK = Buffer.alloc(1 << 20, 'forgectl sandbox blob\n')

export default function register(r: Router): void {
  r.get('/sandbox/blobs/:bytes', ({params}) => {
    const total = Number(params.bytes)
    if (!Number.isSafeInteger(total) || total < 0) throw badRequest('bytes is invalid')
    let sent = 0
    const body = new Readable({
      read() {
        if (sent >= total) return void this.push(null)
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent))
        sent += piece.length
        this.push(piece)
      },
    })
    return {status: 200, raw: body, contentType: 'application/octet-stream', headers: {'Content-Length': String(total), 'Content-Disposition': `attachment; filename="blob-${total}.bin"`}}
  })
}
