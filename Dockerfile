# The booking app in one image. Stages: every dependency (to build), the build, the production
# dependencies alone, and the runtime, which holds only those dependencies and what the server reads
# at run time. `npm test` repeats the production install and the runtime's steps in a temporary
# directory (scripts/container-steps.ts reads this file), so a broken path fails on every run.
#
#   docker build -t moving-booking .
#   docker run -p 3000:3000 -v booking-data:/data --env-file production.env moving-booking
#
# docs/container.md lists the variables; the image starts with EMBEDDED=0 and
# stops at once, naming what is missing, until the hosted Supabase and Stripe keys and SESSION_SECRET are set.

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` with the lockfile, not `npm ci`: see docs/decisions/001-npm-install-with-the-lockfile.md.
# package.json's allowScripts decides which install scripts run, here as on a developer's machine.
RUN npm install --no-audit --no-fund

FROM dependencies AS build
COPY . .
# The runtime's user copies the database template into a new DATA_DIR: it may read it, never change it.
RUN npm run build && chmod -R a+rX,go-w build/database-templates

FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
# MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_: see SERVER_ENVIRONMENT in server/node-flags.ts (the container-steps script checks them).
ENV NODE_ENV=production EMBEDDED=0 DATA_DIR=/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# Owned by root: the app's user reads its code and dependencies but cannot change them.
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The embedded Supabase (EMBEDDED=1) applies these to a DATA_DIR that has no database yet.
COPY --from=build /app/supabase/migrations ./supabase/migrations
COPY --from=build /app/supabase/seed.sql /app/supabase/config.toml ./supabase/
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
# Slim images have no curl: Node's fetch asks /healthz, the liveness probe, which answers while the process does
# (readiness, /readyz, is for the load balancer: a database blip must not get every instance restarted).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# The flags of server/node-flags.ts (the container-steps script checks that they match).
CMD ["node", "--liftoff-only", "--max-semi-space-size=4", "--max-old-space-size=384", "--no-sparkplug", "--expose-gc", "build/server.js"]
