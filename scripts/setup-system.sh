#!/usr/bin/env bash
# Installs the system packages trials use, when they are missing: Debian's bubblewrap (the trial
# sandbox), chromium-headless-shell (browser checks) and strace (the probe's network findings). The README's commands and .ci/run call it.
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

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: bubblewrap and Chromium are installed"
  exit 0
fi

install="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing ${missing[*]}, and there is no apt-get here to install them with." >&2
  echo "setup: on Debian or Ubuntu, run as root:  $install" >&2
  echo "setup: elsewhere, install bubblewrap and a headless Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "setup: missing ${missing[*]}; installing them needs root. Run:" >&2
  echo "  sudo sh -c '$install'" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
