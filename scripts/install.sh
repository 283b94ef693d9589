#!/usr/bin/env bash
# scripts/install.sh [PREFIX]: builds the release binary and puts it at PREFIX/bin/shortcut-serve, stripped.
#   PREFIX defaults to ~/.local (no root needed; ~/.local/bin is on PATH on most Linux desktops and shells);
#   give /usr/local (with sudo) for every user. Builds into this clone's .build, the folder `swift run -c
#   release` uses, so neither rebuilds for the other. Says so when PREFIX/bin is not on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
prefix=${1:-$HOME/.local}
case "$prefix" in -*) echo "usage: scripts/install.sh [PREFIX]   (default ~/.local)" >&2; exit 64 ;; esac
swift build -c release --product shortcut-serve
built=$(swift build -c release --show-bin-path)/shortcut-serve
mkdir -p "$prefix/bin"
# Copied to a temp name, then renamed: a running shortcut-serve keeps its old file, and a half-copied one
# never sits under the name.
cp "$built" "$prefix/bin/.shortcut-serve.new"
if command -v strip > /dev/null; then
  # Linux's release binary is static and keeps its symbols; the strip takes about 40% off.
  if [ "$(uname)" = Darwin ]; then strip -x "$prefix/bin/.shortcut-serve.new"; else strip "$prefix/bin/.shortcut-serve.new"; fi
fi
chmod 755 "$prefix/bin/.shortcut-serve.new"
mv -f "$prefix/bin/.shortcut-serve.new" "$prefix/bin/shortcut-serve"
echo "installed $prefix/bin/shortcut-serve ($("$prefix/bin/shortcut-serve" --version))"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on your PATH: add  export PATH=\"$prefix/bin:\$PATH\"  to your shell's profile" >&2 ;;
esac
