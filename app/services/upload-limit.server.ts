import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";

/**
 * The photo limit (per address and per user) for a form that may carry files: each chosen file
 * counts, before it is decoded; a form without files (a profile saved without a new avatar) does
 * not. Once refused, the post's files are to be skipped and `wait()` says how many seconds the
 * customer should wait.
 */
export function uploadLimitCheck(context: Readonly<RouterContextProvider>, userId: string) {
  let seconds: number | null = null;
  return {
    /** Seconds to wait when this post is refused (then skip the file), else null. */
    async beforeFile(file: File): Promise<number | null> {
      if (file.size > 0 && seconds === null) {
        seconds = await context.get(servicesContext).bookingLimits.before("photo", context.get(requestContext).clientIp, userId);
      }
      return seconds;
    },
    wait: () => seconds,
  };
}

export type UploadLimitCheck = ReturnType<typeof uploadLimitCheck>;

/** Why a post to a photo upload form is refused before its body is read. */
export type UploadPostRefusal = { problem: "busy" } | { problem: "too-many-posts"; wait: number };

/**
 * Admits a post to a photo upload form (the gallery's, a booking's) before its body is read: the
 * customer (and the address) may have two such posts being read at once ("busy" beyond), and every
 * post counts against the upload posts' limit, whether it carries photos or only text. `run` gets
 * the post's photo limit and is done before the post's place is given back.
 */
export async function admitUploadPost<T>(
  context: Readonly<RouterContextProvider>,
  userId: string,
  refused: (refusal: UploadPostRefusal) => T,
  run: (limit: UploadLimitCheck) => Promise<T>,
): Promise<T> {
  const { uploadsInFlight, bookingLimits } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const leave = uploadsInFlight.enter(clientIp, userId);
  if (!leave) return refused({ problem: "busy" });
  try {
    const wait = await bookingLimits.before("upload", clientIp, userId);
    if (wait) return refused({ problem: "too-many-posts", wait });
    return await run(uploadLimitCheck(context, userId));
  } finally {
    leave();
  }
}

/** How long a customer told that uploads are busy should wait before sending again. */
export const BUSY_RETRY_SECONDS = 2;
