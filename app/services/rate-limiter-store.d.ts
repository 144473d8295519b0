// rate-limiter-flexible declares RateLimiterStoreAbstract in its types but exports it only as its own file.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  export default RateLimiterStoreAbstract;
}
