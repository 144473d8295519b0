import type { Config } from "@react-router/dev/config";

// The reference page of `npm run bench:landing`: React Router 7's own template, server-rendered.
export default { ssr: true } satisfies Config;
