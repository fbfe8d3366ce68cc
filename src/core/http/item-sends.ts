// Whether an item of a fan-out sent anything (issue 29, point 5). After a signal, an item whose request
// went out is `interrupted` (its effect is not known), and one still waiting its turn (the whole run's
// pause, a budget used up until its reset, a free slot) is `not done`: nothing was sent for it.
// runBulk runs each item's work inside `tracking`; the client marks it as each attempt goes out.
import {AsyncLocalStorage} from 'node:async_hooks'

export interface ItemSends {
  sent: boolean
}

const current = new AsyncLocalStorage<ItemSends>()

export function tracking<T>(item: ItemSends, work: () => Promise<T>): Promise<T> {
  return current.run(item, work)
}

/** an attempt goes out: the item whose work sent it has sent something */
export function markSent(): void {
  const item = current.getStore()
  if (item) item.sent = true
}
