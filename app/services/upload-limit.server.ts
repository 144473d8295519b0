import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";

/**
 * The upload limit (per address and per user) for a form that may or may not carry files: the post
 * counts as an upload at its first chosen file, before that file is decoded; a post without files
 * (a profile saved without a new avatar, a photo deleted) does not count. Once refused, the post's
 * files are to be skipped and `wait()` says how many seconds the customer should wait.
 */
export function uploadLimitCheck(context: Readonly<RouterContextProvider>, userId: string) {
  let counted = false;
  let seconds: number | null = null;
  return {
    /** Seconds to wait when this post is refused (then skip the file), else null. */
    async beforeFile(file: File): Promise<number | null> {
      if (file.size > 0 && !counted) {
        counted = true;
        seconds = await context.get(servicesContext).bookingLimits.before("upload", context.get(requestContext).clientIp, userId);
      }
      return seconds;
    },
    wait: () => seconds,
  };
}
