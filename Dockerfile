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
RUN npm run build && npm prune --omit=dev
CMD ["node", "dist/src/worker.js"]
