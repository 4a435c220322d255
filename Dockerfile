# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma.config.ts relay.config.js schema.graphql tsconfig.json ./
COPY common ./common
COPY api ./api
COPY web ./web
COPY worker ./worker
RUN npm ci --include=dev && npm run build && npm prune --omit=dev
EXPOSE 4000
CMD ["node", "scripts/start.mjs", "api", "--no-build"]
