import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { AppRole } from "~/domain/roles";

/** Admin in the destructive style, moderator secondary, any other role outlined. */
const ROLE_TONES: Record<AppRole, BadgeTone> = { admin: "destructive", moderator: "secondary", user: "outline" };

/** One role of an account, as a small badge: the same on /admin/users and the Users tab of /admin. */
export function RoleBadge({ role }: { role: AppRole }) {
  return <Badge tone={ROLE_TONES[role]}>{role}</Badge>;
}
