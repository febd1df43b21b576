# Operium: site, admin panel and API in one container.
#
#   docker build -t operium .                  default target (app): PocketBase + publisher
#   docker build --target static -t operium-static \
#     --build-arg PUBLIC_SITE_URL=https://www.exemplo.com.br .
#
# app     runs `node scripts/start.mjs`, as `npm start` does: our PocketBase (built from
#         server/) serves the site, the admin and the API, and the publisher beside it
#         rebuilds the site whenever staff publish (or calls DEPLOY_HOOK_URL instead).
#         The first start builds the site from the CMS into the volume.
# static  only the PocketBase binary, the hooks, the migrations and a site built into
#         the image: no Node, so publishing in the admin does not rebuild anything. For
#         a site built and hosted elsewhere (a CDN), or rebuilt with the image.
#
# Both keep their data in the /data volume, listen on 8090 and run as a non-root user.
# No secret is baked in: SMTP and the like are set in the admin, at run time.
# scripts/checks/dockerfile.mjs (run by `npm run check`) lints this file and keeps it in step with the scripts.

# PocketBase as a Go framework (server/): the same static build as scripts/pocketbase.mjs,
# with PocketBase's version read from server/go.mod.
FROM golang:1.26.8-bookworm AS pocketbase
ENV CGO_ENABLED=0 GOTOOLCHAIN=local
WORKDIR /src/server
COPY server/go.mod server/go.sum ./
RUN go mod download
COPY server/ ./
RUN PB_VERSION="$(sed -n 's/.*github\.com\/pocketbase\/pocketbase v\([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p' go.mod | head -n 1)" \
    && test -n "$PB_VERSION" \
    && go build -trimpath -ldflags "-s -w -X github.com/pocketbase/pocketbase.Version=${PB_VERSION}" -o /out/pocketbase .

# Production dependencies only: the build needs nothing from devDependencies.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The static site, for the static target. PUBLIC_* are read at build time; with
# POCKETBASE_URL the build also reads the content published in that CMS.
FROM deps AS site
ARG PUBLIC_SITE_URL
ARG PUBLIC_API_URL
ARG PUBLIC_ANALYTICS_ID
ARG POCKETBASE_URL
COPY astro.config.mjs tsconfig.json ./
COPY public ./public
COPY scripts ./scripts
COPY src ./src
# What the site and the hooks both apply (content rules, the public forms' rules and
# messages, slugs): one copy, shared/, read by the build here and by the hooks below.
COPY shared ./shared
RUN npm run build

FROM debian:12.11-slim AS static
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates wget \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin pocketbase \
    && mkdir -p /data \
    && chown pocketbase:pocketbase /data
COPY --from=pocketbase /out/pocketbase /app/pocketbase
COPY pb_hooks /app/pb_hooks
COPY pb_migrations /app/pb_migrations
COPY shared /app/shared
COPY --from=site /app/dist /app/dist
ENV SITE_DIR=/app/dist
USER pocketbase
VOLUME ["/data"]
EXPOSE 8090
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8090/api/health"]
# --dev=false: PocketBase would otherwise decide dev mode by where the binary lives, and
# dev mode logs SQL, password hashes and token keys.
CMD ["/app/pocketbase", "serve", "--http=0.0.0.0:8090", "--dev=false", "--dir=/data", "--hooksDir=/app/pb_hooks", "--migrationsDir=/app/pb_migrations", "--hooksWatch=false", "--automigrate=false"]

# Default target. The publisher runs `astro build` here, so the sources stay in the
# image and /app belongs to the runtime user (Astro writes .astro/ and its cache).
FROM node:24.21.0-bookworm-slim AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8090 \
    PB_DATA=/data/pb_data \
    SITE_DIR=/data/site/live \
    POCKETBASE_BIN=/app/bin/pocketbase
WORKDIR /app
# CA certificates for PocketBase's outgoing TLS (SMTP, S3 backups); Node brings its own.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data \
    && chown node:node /app /data
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json astro.config.mjs tsconfig.json ./
COPY --chown=node:node public ./public
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node src ./src
COPY --chown=node:node pb_hooks ./pb_hooks
COPY --chown=node:node pb_migrations ./pb_migrations
COPY --chown=node:node shared ./shared
COPY --from=pocketbase /out/pocketbase /app/bin/pocketbase
USER node
VOLUME ["/data"]
EXPOSE 8090
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8090) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
