# Min Side's container image (issue 24): built in one stage with the dev dependencies (webpack
# builds the SPA), run in another with the production dependencies only, as the unprivileged
# `node` user, with a health check on /healthz. Configure it by environment (README,
# "Running in production"); deploy/ runs two instances behind HAProxy on one PostgreSQL.
# The runtime is the one package.json pins (the `node` devDependency, .node-version).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# What the server reads at run time: its sources (run by tsx), the contract it binds its routes
# from, its migrations (under src/), the built SPA, the brands and the production dependencies.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/openapi ./openapi
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (no shell): it stops taking requests, lets those in flight
# finish within SHUTDOWN_GRACE_SECONDS and stops the jobs and the relay.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
