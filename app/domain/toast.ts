import { z } from "zod";

/** A message shown once after a redirect: as a toast with JavaScript, in the page without. */
export const toastSchema = z.object({
  id: z.string().max(100),
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id">;
