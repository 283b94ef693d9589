#!/usr/bin/env bash
# scripts/format.sh: the Swift sources in the repository's style (.swift-format, swift-format from the toolchain).
#   scripts/format.sh          lint: every warning is an error (test.sh runs this)
#   scripts/format.sh --fix    format in place, then lint
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
paths=(Sources Tests Package.swift Examples/IntegrationTest/Package.swift Examples/IntegrationTest/Tests Fuzz)
if [ "${1:-}" = --fix ]; then
  swift format format --in-place --recursive "${paths[@]}"
fi
if ! swift format lint --strict --recursive "${paths[@]}"; then
  echo "format: the sources are not in the repository's style; scripts/format.sh --fix formats them" >&2
  exit 1
fi
