#!/bin/sh
# Runs Vitest test files as an ordinary user, to check that containment holds without root too
# (issue 15: "run as root and as an ordinary user, the hostile-agent tests still pass"). As an
# ordinary user the sandbox takes bubblewrap's unprivileged user-namespace path instead of root's
# setpriv drop, so the same tests exercise the other code path.
#
# Run as root from the repository (built: npm ci && npm run build). It creates the user when
# missing (CROSSOVER_TEST_USER, default crossover-user), copies the tree, node_modules and dist
# into a directory that user owns, and runs Vitest there as that user with a clean environment:
#
#   scripts/test-as-user.sh --project system test/grading/hostile-checks.test.ts
#   npm run test:as-user            (the hostile-agent files listed in package.json)
set -eu

user=${CROSSOVER_TEST_USER:-crossover-user}
if [ "$(id -u)" != 0 ]; then
  echo "test-as-user: run as root: it creates the user $user and hands it a copy of the tree" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -d "$repo/node_modules" ] || [ ! -d "$repo/dist" ]; then
  echo "test-as-user: $repo has no node_modules or dist: run npm ci && npm run build first" >&2
  exit 2
fi
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
home=$(getent passwd "$user" | cut -d: -f6)
copy="$home/crossover-under-test"

rm -rf "$copy"
mkdir -p "$copy"
# Tracked and new files (not ignored ones), then the installed dependencies and the build.
(cd "$repo" && git ls-files --cached --others --exclude-standard -z | xargs -0 cp --parents -a -t "$copy")
cp -a "$repo/node_modules" "$repo/dist" "$copy/"
chown -R "$user:$user" "$copy"

cd "$copy"
# The container backend talks to the engine's daemon, which an ordinary user outside the docker
# group cannot: as that user the containment tests run against bubblewrap (test/helpers/backends.ts).
exec runuser -u "$user" -- env -i HOME="$home" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
  CROSSOVER_TEST_BACKENDS=bubblewrap node node_modules/vitest/vitest.mjs run "$@"
