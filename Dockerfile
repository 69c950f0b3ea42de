# syntax=docker/dockerfile:1
# Plugs & Rugs: the server (TypeScript run by tsx, as everywhere else) and the built web app, in one image.
#   docker build -t plugs-and-rugs .
#   docker run -p 3000:3000 -v plugs-data:/data plugs-and-rugs          (one instance on the embedded database)
# compose.yaml runs two instances on PostgreSQL and MinIO behind Caddy; docs/deploy.md says how to run it in production.
#
# Node 24 is the current LTS (Node 20 reached its end of life in April 2026); the app still runs on 20.19+, so
# --build-arg NODE_VERSION=20 builds on it. The slim (glibc) image, not Alpine: the lockfile pins sharp's and
# PGlite's prebuilt glibc binaries.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Every workspace's package.json and the lockfile first, so dependencies are a cached layer until they change.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/

# All dependencies, to build the web app (Vite, Tailwind) into apps/web/dist and its first-screen renderer into
# apps/web/dist-ssr.
FROM manifests AS build
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build

# Only what runs: no Vite, TypeScript, test or bench tools. (The web app's own dependencies stay: its server-side
# renderer imports React and React Router at run time.)
FROM manifests AS production-dependencies
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=production-dependencies /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# The official image's unprivileged user (uid 1000) owns only the data folder; the code stays root's, read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready, not just alive: 503 while the database is unreachable or the instance drains on SIGTERM (docs/deploy.md).
# The first start may migrate an empty database, hence the start period.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT||3000}/api/health/ready`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM (drain, finish requests, close the database); no shell in between.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
