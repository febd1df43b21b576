# One image that serves everything: the PocketBase binary built from server/, the
# prebuilt Astro site, the JS hooks and the migrations. Data lives in /data (a volume).
FROM golang:1.26-bookworm AS pocketbase
WORKDIR /src/server
COPY server/go.mod server/go.sum ./
RUN go mod download
COPY server/ ./
RUN PB_VERSION=$(sed -n 's/.*github.com\/pocketbase\/pocketbase v\([0-9.]*\).*/\1/p' go.mod) && \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X github.com/pocketbase/pocketbase.Version=${PB_VERSION}" -o /out/pocketbase .

FROM node:24-bookworm-slim AS site
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG PUBLIC_SITE_URL
ARG PUBLIC_API_URL
ARG PUBLIC_ANALYTICS_ID
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=pocketbase /out/pocketbase /app/pocketbase
COPY --from=site /src/dist /app/dist
COPY pb_hooks /app/pb_hooks
COPY pb_migrations /app/pb_migrations
ENV SITE_DIR=/app/dist
VOLUME /data
EXPOSE 8090
CMD ["/app/pocketbase", "serve", "--http=0.0.0.0:8090", "--dir=/data", "--hooksDir=/app/pb_hooks", "--migrationsDir=/app/pb_migrations", "--hooksWatch=false", "--automigrate=false"]
