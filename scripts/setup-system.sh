#!/usr/bin/env bash
# Installs the system packages trials use, when they are missing: Debian's bubblewrap (the trial
# sandbox), chromium-headless-shell (browser checks) and strace (the probe's network findings); and
# what sandbox 'container' needs: Docker (docker.io) with its daemon running and the Debian base image
# built here with mmdebstrap (scripts/base-image.sh; 1 to 15 minutes the first time, then cached).
# CROSSOVER_CONTAINERS=0 leaves containers out. The README's commands and .ci/run call it.
# Where it cannot install (not root and no password-less sudo, or no apt-get) it changes nothing and
# exits 1 with the exact command to run, so no trial starts on a machine that cannot contain it.
set -euo pipefail

missing=()
# What planning runs to find the sandbox (src/plan/environment.ts).
bwrap --version >/dev/null 2>&1 || missing+=(bubblewrap)
# The paths the grader looks for (src/grading/browser-session.ts); Debian's chromium works too.
executable() { [ -f "$1" ] && [ -x "$1" ]; }
executable /usr/bin/chromium-headless-shell || executable /usr/bin/chromium || missing+=(chromium-headless-shell)
# The probe records a sandboxed provider's network attempts with strace (src/io/network-trace.ts).
executable /usr/bin/strace || missing+=(strace)
# PyPI providers install into a venv (src/providers/install.ts): Debian splits ensurepip out.
/usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# Python repository tasks run Debian's pytest (corpus/README.md, "Bring a repository task").
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || missing+=(python3-pytest)
# Sandbox 'container': the engine Crossover looks for at /usr/bin (src/io/container-engine.ts), and
# mmdebstrap for the base image (no image registry is assumed reachable).
# Installed with their recommended packages, as verified on these machines (CONTAINERS.md).
containers=${CROSSOVER_CONTAINERS:-1}
with_recommends=()
if [ "$containers" != 0 ]; then
  executable /usr/bin/docker || executable /usr/bin/podman || with_recommends+=(docker.io)
  executable /usr/bin/mmdebstrap || with_recommends+=(mmdebstrap)
fi

# Starts the Docker daemon when it does not answer (there may be no systemd), waits for it, then
# builds or reuses the base image. Needs root; otherwise prints what to run.
start_containers() {
  [ "$containers" != 0 ] || return 0
  if executable /usr/bin/docker && ! /usr/bin/docker info >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "setup: the Docker daemon does not answer; as root run:  dockerd >/var/log/dockerd.log 2>&1 &" >&2
      exit 1
    fi
    if [ -d /run/systemd/system ]; then
      systemctl start docker
    else
      echo "setup: starting dockerd (log: /var/log/crossover-dockerd.log)"
      setsid nohup dockerd >/var/log/crossover-dockerd.log 2>&1 </dev/null &
    fi
    for _ in $(seq 60); do /usr/bin/docker info >/dev/null 2>&1 && break; sleep 1; done
    /usr/bin/docker info >/dev/null 2>&1 || { echo "setup: dockerd did not start: see /var/log/crossover-dockerd.log" >&2; exit 1; }
  fi
  if [ "$(id -u)" -ne 0 ] && ! "$(dirname "$0")/base-image.sh" --check >/dev/null 2>&1; then
    echo "setup: the container base image is not built; as root run:  $(dirname "$0")/base-image.sh" >&2
    exit 1
  fi
  "$(dirname "$0")/base-image.sh"
  # An engine can answer and still start nothing (Podman's crun refuses hybrid cgroups): say so here,
  # not later as every trial's failure. Crossover prefers Docker where both are installed.
  local engine=/usr/bin/docker said
  executable "$engine" || engine=/usr/bin/podman
  if ! said=$("$engine" run --rm --network none crossover/bookworm:base true 2>&1); then
    echo "setup: $engine cannot run a container here: $(printf '%s\n' "$said" | tail -n 1)" >&2
    echo "setup: as root run:  apt-get install -y docker.io   (Crossover uses Docker where both are installed)" >&2
    exit 1
  fi
}

if [ ${#missing[@]} -eq 0 ] && [ ${#with_recommends[@]} -eq 0 ]; then
  echo "setup: bubblewrap and Chromium are installed"
  start_containers
  exit 0
fi

install="apt-get update"
[ ${#missing[@]} -eq 0 ] || install+=" && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
[ ${#with_recommends[@]} -eq 0 ] || install+=" && DEBIAN_FRONTEND=noninteractive apt-get install -y ${with_recommends[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing ${missing[*]} ${with_recommends[*]}, and there is no apt-get here to install them with." >&2
  echo "setup: on Debian or Ubuntu, run as root:  $install" >&2
  echo "setup: elsewhere, install bubblewrap and a headless Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "setup: missing ${missing[*]} ${with_recommends[*]}; installing them needs root. Run:" >&2
  echo "  sudo sh -c '$install'" >&2
  exit 1
fi

echo "setup: installing ${missing[*]} ${with_recommends[*]}"
"${as_root[@]}" apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ ${#with_recommends[@]} -gt 0 ]; then
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${with_recommends[@]}"
fi
start_containers
