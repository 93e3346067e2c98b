# The Baton worker image used by docker-compose.yml.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
COPY test ./test
COPY catalogs ./catalogs
COPY config ./config
COPY bin ./bin
RUN npm run build && npm prune --omit=dev
# `baton worker`: concurrency and version from BATON_WORKER_MAX_* and BATON_BUILD_ID (README, "The baton command").
CMD ["node", "bin/baton", "worker"]
