// The virtual module scripts/build.mjs generates: ofetch's createFetch, without ofetch's entry module.
declare module 'forgectl:ofetch-core' {
  export {createFetch} from 'ofetch'
}
