#!/usr/bin/env bash
# The CLI as a user installs it: pack the tarball, install it into an empty prefix with plain npm
# (no workspace, no pnpm store), then run `didban --help` and a `templates run` against a loopback
# lab target from there. Any failing step fails CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
work=$(mktemp -d)
target_pid=
cleanup() {
  if [ -n "$target_pid" ]; then kill "$target_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

pnpm --filter didban pack --pack-destination "$work" >/dev/null
npm i -g --prefix "$work/prefix" "$work"/didban-*.tgz >/dev/null
bin="$work/prefix/bin/didban"

# From an empty folder with an empty environment: nothing of the repository can help it.
mkdir "$work/run"
cd "$work/run"
clean_env=(env -i "PATH=/usr/local/bin:/usr/bin:/bin" "HOME=$work/run" "DIDBAN_LANG=en")
"${clean_env[@]}" "$bin" --help >/dev/null

node "$repo/scripts/ci/lab-target.mjs" >"$work/target" &
target_pid=$!
for _ in $(seq 1 50); do [ -s "$work/target" ] && break; sleep 0.1; done
target=$(cat "$work/target")

cp -r "$repo/apps/cli/test/fixtures/templates/good" "$work/run/templates"
"${clean_env[@]}" "$bin" templates run ./templates --target "$target" --jsonl --fail-on critical >"$work/found.jsonl"
grep -q '"template-id":"exposed-git-config"' "$work/found.jsonl"
# nuclei's single-dash spellings from the installed package (issue 34): -or must not write a file
# named `r`, and an unknown single-dash word is refused (exit 2), not split into short flags.
"${clean_env[@]}" "$bin" templates run -t ./templates -u "$target" -jsonl -or -silent -o "$work/or.jsonl" >/dev/null
grep -q '"template-id":"exposed-git-config"' "$work/or.jsonl"
if grep -q '"request"' "$work/or.jsonl" || [ -e r ]; then echo "cli package: -or was misread" >&2; exit 1; fi
code=0
"${clean_env[@]}" "$bin" templates run ./templates -u "$target" -omit-rawx 2>/dev/null || code=$?
[ "$code" -eq 2 ] || { echo "cli package: an unknown single-dash word exited $code, not 2" >&2; exit 1; }
echo "cli package: installed from the tarball, --help and templates run against $target work"
