import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/landing.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("dashboard", "routes/dashboard/dashboard.tsx"),
  route("admin", "routes/admin/admin-dashboard.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
