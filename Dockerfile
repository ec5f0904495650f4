# Build: every dependency, then the production bundle. The server bundle carries its dependencies
# (scripts/build-options.ts) but sharp, whose native libvips the build copies into dist/node_modules
# (scripts/native-modules.ts, about 20 MB): dist/ is all the image needs to run.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Run: plain node on the built server, as the unprivileged "node" user (uid 1000); only dist/.
# The untrusted files' children are capped with prlimit, from util-linux, which Debian's images carry.
FROM node:24-slim
# A small young generation and a bounded old space keep RSS under 150 MB under load (live heap
# ≈ 50 MB; docs/performance.md, "Compression, memory and the confirmation page"); stack traces name
# our TypeScript files through the source map.
# Override NODE_OPTIONS to change them. Uploads wait on disk for their check under TMPDIR
# (server/untrusted/spool.ts): the kits run the root read-only, so it lives in the /data volume.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-semi-space-size=4 --max-old-space-size=192 --enable-source-maps" \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    TMPDIR=/data/tmp
WORKDIR /app
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# SIGTERM drains for SHUTDOWN_DRAIN_MS (5 s) and exits within SHUTDOWN_TIMEOUT_MS (8 s) of the
# signal: inside Docker's default 10 s stop timeout (docs/operations.md, "Stopping without dropping
# a request").
STOPSIGNAL SIGTERM
# Every second until the first success (--start-interval, Docker Engine 25+), so the container is
# healthy about a second after it listens; every 30 s after that.
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --start-interval=1s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/index.js"]
