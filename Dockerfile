# The mock in a container (README.md, "Container"):
#   docker build -t agent-platform-mock .
#   docker run --rm -p 4010:4010 agent-platform-mock [mock flags]
# Flags after the image name replace CMD; HOST and PORT keep the mock on 0.0.0.0:4010 either way.
# test/package/dockerfile.test.ts checks every command here against the repository and runs the
# ENTRYPOINT with the CMD's flags.

# Build stage: the package compiled into dist/ (scripts/build.ts, what `npm run build` runs).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/build.ts

# Run stage: dist/ and the runtime dependencies only.
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4010
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 4010
ENTRYPOINT ["node", "dist/bin/cli.js", "mock"]
CMD ["--host", "0.0.0.0", "--port", "4010"]
