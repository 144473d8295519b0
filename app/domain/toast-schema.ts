import { z } from "zod/mini";
import type { Toast } from "./toast";

// Apart from the toast's type and text, which every page's script draws: reading a toast from a
// cookie or an answer is work for the server and the uploaders, and Zod would weigh on every page.

/** A toast as it comes back from its cookie or an upload's answer: anything else is not one of ours. */
export const toastSchema = z.object({
  id: z.string().check(z.maxLength(100)),
  type: z.enum(["success", "error", "info"]),
  title: z.string().check(z.maxLength(200)),
  description: z.optional(z.string().check(z.maxLength(500))),
}) satisfies z.ZodMiniType<Toast>;
