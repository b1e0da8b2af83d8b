#!/usr/bin/env bash
# Builds the Debian base image that task Dockerfiles start FROM and that tasks without an
# environment run in under sandbox 'container' (crossover/bookworm:base): from Debian's archive with
# mmdebstrap, since no image registry is assumed reachable. Built once per machine: the image
# carries the digest of its recipe as a label, and an image with the current recipe is reused.
# Usage: scripts/base-image.sh [--check]   (--check: exit 3 when it is missing, build nothing)
set -euo pipefail

image=crossover/bookworm:base
suite=bookworm
mirror=http://deb.debian.org/debian
include=ca-certificates
recipe="mmdebstrap --variant=minbase --include=$include $suite $mirror"
key=$(printf '%s' "$recipe" | sha256sum | cut -c1-64)

# The engine's CLI at its Debian path, as Crossover finds it (src/io/container-engine.ts).
engine=/usr/bin/docker
[ -x "$engine" ] || engine=/usr/bin/podman

current=$("$engine" image inspect "$image" --format '{{index .Config.Labels "org.crossover.recipe"}}' 2>/dev/null || true)
if [ "$current" = "$key" ]; then
  echo "setup: base image $image is built (recipe ${key:0:12})"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "setup: base image $image is missing; build it with: scripts/base-image.sh" >&2
  exit 3
fi

work=$(mktemp -d /var/tmp/crossover-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "setup: building $image from Debian's archive with mmdebstrap (1 to 15 minutes, once per machine)"
start=$SECONDS
mmdebstrap --quiet --variant=minbase --include="$include" "$suite" "$work/rootfs.tar" "$mirror"
"$engine" import --change "LABEL org.crossover.recipe=$key" --change 'CMD ["/bin/bash"]' \
  "$work/rootfs.tar" "$image" >/dev/null
echo "setup: built $image in $((SECONDS - start)) s"
