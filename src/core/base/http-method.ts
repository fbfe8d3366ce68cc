// The methods forgectl sends: a type the ground floor holds, since both what an answer must be
// (answer/) and when a request is tried again (http/retry.ts) are told by it.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
