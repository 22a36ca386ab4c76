# syntax=docker/dockerfile:1.7
#
# ONE image for every Kora process. The process is chosen by the command, not by the image:
#
#   docker run IMAGE                                  -> gateway        (default CMD)
#   docker run IMAGE services/posts/src/server.ts     -> posts service  (same for the other nine)
#   docker run IMAGE web/server/main.ts               -> web app (Remix SSR, built below)
#   docker run --entrypoint node IMAGE scripts/migrate.mjs   -> every service's migrations, then exit
#
# TypeScript runs through tsx at run time (ENTRYPOINT `node --import tsx`); only the web app is
# compiled, here, at build time. docker-compose.yml and k8s/ start the processes exactly this way,
# and tests/deploy/manifests.test.ts checks that they agree with this file.
#
# Stages: manifests (package.json files only, for the npm cache) -> build (all deps, web build)
#         -> prod-deps (production deps + tsx) -> runtime (ffmpeg, sources, non-root).
#
# Node 24 LTS. npm stays the one bundled with the image (npm 11): `npm ci` accepts the lockfile
# since rollup runs as WebAssembly (decision 006). package.json's `engines` still admits Node 20.19
# for development machines; the image is what production runs.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# manifests: the lockfile and every workspace's package.json, nothing else. Copying these (and not
# the sources) into the install stages keeps the `npm ci` layers cached until dependencies change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path './package.json' -not -path '*/node_modules/*' \
      -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------
# build: every dependency (dev included), then the web app's Remix/Vite build (web/build).
FROM ${NODE_IMAGE} AS build
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false SCARF_ANALYTICS=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci
COPY . .
RUN npm run build -w @kora/web

# tsx is a root devDependency (it is not a production dependency of any workspace), yet every
# process runs through it. Collect it and its own dependencies, resolved from the lockfile the way
# Node resolves them, so prod-deps can add exactly those to a production-only install.
ARG RUNTIME_DEV_DEPS="tsx"
RUN node <<'EOF'
const fs = require('node:fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')).packages;
const found = new Set();
function resolve(from, name) {
  for (let dir = from; ; ) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock[key]) return key;
    if (!dir) return null;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}
function visit(key) {
  if (found.has(key) || !fs.existsSync(key)) return; // other platforms' optional packages are absent
  found.add(key);
  const entry = lock[key];
  for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
    const dep = resolve(key, name);
    if (dep) visit(dep);
  }
}
for (const name of (process.env.RUNTIME_DEV_DEPS || '').split(/\s+/).filter(Boolean)) {
  if (!lock[`node_modules/${name}`]) throw new Error(`${name} is not in package-lock.json`);
  visit(`node_modules/${name}`);
}
fs.mkdirSync('/runtime-dev-deps');
for (const key of found) fs.cpSync(key, `/runtime-dev-deps/${key}`, { recursive: true, verbatimSymlinks: true });
console.log(`runtime dev dependencies: ${[...found].join(', ')}`);
EOF

# ---------------------------------------------------------------------------------------------
# prod-deps: production dependencies only (root and per-workspace node_modules), plus tsx.
FROM ${NODE_IMAGE} AS prod-deps
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false SCARF_ANALYTICS=false
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --omit=dev
COPY --from=build /runtime-dev-deps/ ./

# ---------------------------------------------------------------------------------------------
# runtime
FROM ${NODE_IMAGE} AS runtime

# ffmpeg/ffprobe: the media service's transcode and probe workers.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    WEB_HOST=0.0.0.0 \
    MEDIA_DIR=/app/data/media

WORKDIR /app
# Code and dependencies belong to root and are read-only for the app user.
COPY --from=prod-deps /app/ ./
COPY . .
COPY --from=build /app/web/build ./web/build

# The one place the app writes to on disk (media files; a volume in compose, a PVC on Kubernetes).
# Created here, owned by the app user, so a fresh named volume inherits the ownership.
RUN mkdir -p /app/data/media && chown -R 1000:1000 /app/data

# Fail the build, not the rollout, if a module any process loads is missing from the pruned tree
# (for example a devDependency imported at run time). Imports only: nothing listens or connects.
RUN node --import tsx --input-type=module -e "\
  await import('./scripts/run/definitions.ts'); \
  await import('./gateway/src/app.ts'); \
  await import('./web/server/app.ts'); \
  await import('./web/build/server/index.js'); \
  console.log('runtime imports ok');" \
 && ffmpeg -hide_banner -version | head -n 1 \
 && rm -rf /tmp/tsx-*

# `node` (uid 1000) from the base image; numeric so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000

# gateway 8080 · web 3000 · services 4001-4010 (see docker-compose.yml and k8s/).
EXPOSE 8080 3000 4001-4010

ENTRYPOINT ["node", "--import", "tsx"]
CMD ["gateway/src/server.ts"]
