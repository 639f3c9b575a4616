#!/bin/sh
# A deliberately flaky integration for rerun tests: the first start (per state file) runs the reference with a
# mutant switched on, so the case fails its expectation; every later start runs the clean reference.
# Usage: flaky_adapter.sh STATE_FILE MUTANT REFERENCE [ARGS...]
state="$1"; mutant="$2"; shift 2
if [ ! -e "$state" ]; then
  : > "$state"
  exec "$@" --mutant "$mutant"
fi
exec "$@"
