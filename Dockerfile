# syntax=docker/dockerfile:1
# Sentinel Shield as a container image (docs/deploy.md). Two targets:
#   runtime (default): the standalone server only, `node scripts/start.mjs`, as a non-root user
#   worker:            the sources and every package, for `npm run worker` (BACKGROUND_WORKERS=off on the web
#                      servers) and the operator commands (`npm run staff`, `npm run skynet`)
# Every server of one site must be built with the same NEXT_SERVER_ACTIONS_ENCRYPTION_KEY and run with it too:
#   docker build --build-arg NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(openssl rand -base64 32)" -t sentinel-shield .
# bookworm (glibc) everywhere: @node-rs/argon2's prebuilt binary installed in `deps` must match the runtime's libc.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Fixes applied to installed packages after `npm install` (patch-package, the postinstall script).
COPY patches ./patches
# `npm install` as .ci/run does: `npm ci` fails with this lockfile on platforms other than the one that wrote it.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
# Read by `next build` (it seals server actions with it) and again by every server at run time.
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
# The build prerenders pages from its own throwaway embedded copy: `off` must match the servers' DEMO_DATA.
ARG DEMO_DATA=on
# With a CDN, image URLs are made at build time (next.config.ts).
ARG IMAGE_CDN_URL=
ENV NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY} \
    DEMO_DATA=${DEMO_DATA} \
    IMAGE_CDN_URL=${IMAGE_CDN_URL}
RUN test -n "$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" \
      || { echo 'Pass --build-arg NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (32 random bytes, base64): see docs/deploy.md' >&2; exit 1; } \
    && npm run build \
    && rm -rf data

# The worker runs TypeScript under tsx, so it keeps the sources and node_modules of the build.
FROM build AS worker
ENV NODE_ENV=production
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
# Directly under node rather than `npm run worker`, so SIGTERM reaches the worker and it finishes its passes.
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/worker.ts"]

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# Docker sets HOSTNAME to the container's name, and start.mjs would listen on that name's address only.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/data
# start.mjs (with the modules it loads: its HTTP front, front.mjs, run as a worker thread, the front's admission gate,
# admission.mjs, its copies of shared answers, front-copies.mjs, and idle GC, idle-gc.mjs) serves
# .next/standalone (server.js, its traced node_modules, .next/static and public/ copied in by scripts/postbuild.mjs)
# and needs nothing else. The `node` user (uid 1000) owns the build, as in Next's own example:
# Next writes its image cache (and, without a cache handler, regenerated pages) under .next at run time.
COPY --from=build --chown=node:node /app/.next/standalone ./.next/standalone
COPY --from=build /app/scripts/start.mjs /app/scripts/front.mjs /app/scripts/admission.mjs /app/scripts/front-copies.mjs /app/scripts/idle-gc.mjs ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# SIGTERM drains: health answers 503, in-flight requests finish within SHUTDOWN_TIMEOUT_SECONDS (give
# `docker stop` a longer --time than that), then the app closes its database and exits 0.
STOPSIGNAL SIGTERM
# A first start migrates and seeds before it answers (minutes on a busy embedded database): the start period covers it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
