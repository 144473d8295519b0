// rate-limiter-flexible's index loads every store it has, and with them Node's cluster, child
// process, datagram, DNS and TLS modules (some 8 MiB of a server's memory): the app imports the few
// classes it uses from their own files, which its types declare only through the index.
declare module "rate-limiter-flexible/lib/RateLimiterMemory.js" {
  import { RateLimiterMemory } from "rate-limiter-flexible";
  export default RateLimiterMemory;
}
declare module "rate-limiter-flexible/lib/RateLimiterRes.js" {
  import { RateLimiterRes } from "rate-limiter-flexible";
  export default RateLimiterRes;
}
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  export default RateLimiterStoreAbstract;
}
