# syntax=docker/dockerfile:1

# Build: every dependency, the production bundle, then only production dependencies kept.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Run: plain node on the built server, as the unprivileged "node" user.
FROM node:24-slim
# A small young generation and a bounded old space keep RSS under 150 MB under load
# (live heap ≈ 50 MB; see README "Performance"). Override NODE_OPTIONS to change them.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-semi-space-size=4 --max-old-space-size=192" \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/index.js"]
