# Multi100 in a container: build the single binary, then run it on a slim Debian.
# Not built or tested in the project's CI (no Docker there); see README.md.
#   docker build -t multi100 .
#   docker run -d -p 8080:8080 -v multi100-data:/data -e ADMIN_EMAIL=you@example.com -e ADMIN_PASSWORD='change-me' multi100

FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home-dir /data --shell /usr/sbin/nologin multi100 \
 && mkdir -p /data && chown multi100:multi100 /data
COPY --from=build /src/dist/multi100 /usr/local/bin/multi100
ENV DATA_DIR=/data \
    PORT=8080
VOLUME /data
WORKDIR /data
USER multi100
EXPOSE 8080
STOPSIGNAL SIGTERM
# GET /api/health through the binary itself (the image has no curl): exit 1 when the store or the job scheduler fails.
HEALTHCHECK --interval=30s --timeout=15s --start-period=30s --retries=3 CMD ["multi100", "healthcheck"]
CMD ["multi100", "serve"]
