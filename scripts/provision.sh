#!/usr/bin/env bash
# What the test suite needs beyond node_modules, installed where it is missing (issue 36): tmux for the
# terminal tests (test/terminal/), python-gitlab's CLI run with /usr/bin/python3 for the real-client test
# (test/commands/python-gitlab.test.ts), and gnome-keyring with dbus-launch (dbus-x11) for the keyring's
# tests against a real Secret Service (test/helpers/secret-service.ts). One script, called by `npm test`
# (its pretest) and by .ci/run, so that a fresh Debian machine runs the README's `npm test` as CI does.
# Nothing is installed where everything is present; where something cannot be installed, one line says
# what and why, and the exit is 1. No test skips for want of a tool.
set -u

# the Debian package of each tool that does not answer as the tests use it
absent() {
  command -v tmux >/dev/null 2>&1 || echo tmux
  # found, not imported: the import takes a second, and the test itself fails in its words if it breaks
  /usr/bin/python3 -c 'import importlib.util as u, sys; sys.exit(u.find_spec("gitlab") is None)' >/dev/null 2>&1 || echo python3-gitlab
  command -v gnome-keyring-daemon >/dev/null 2>&1 || echo gnome-keyring
  command -v dbus-launch >/dev/null 2>&1 || echo dbus-x11
}
read -r -a missing <<<"$(absent | tr '\n' ' ')"
[ ${#missing[@]} -eq 0 ] && exit 0

fail() {
  echo "provision: $1" >&2
  exit 1
}
# each apt-get call is bounded in time: behind a lock another process holds, or on a network that drops
# its packets, apt-get may wait for long or for ever, and `npm test` with it (FORGECTL_PROVISION_TIMEOUT, seconds)
limit=${FORGECTL_PROVISION_TIMEOUT:-600}
[[ $limit =~ ^[1-9][0-9]{0,5}$ ]] || fail "FORGECTL_PROVISION_TIMEOUT \"${limit:0:40}\" is not a number of seconds (1 or more)"
by_hand="install ${missing[*]} with your system's package manager (Debian: apt-get install -y ${missing[*]}) and run again"
command -v apt-get >/dev/null 2>&1 || fail "the tests need ${missing[*]}, and there is no apt-get here: $by_hand"
if [ "$(id -u)" = 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  as_root=(sudo -n)
else
  fail "the tests need ${missing[*]}, and installing needs root: $by_hand"
fi

echo "provision: installing ${missing[*]} for the tests (apt-get)" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# one apt-get call within the time limit; where it fails, apt's own last error line says why, in one line
apt_run() {
  local what=$1
  shift
  "${as_root[@]}" timeout -k 10 "$limit" env DEBIAN_FRONTEND=noninteractive apt-get "$@" >"$log" 2>&1
  local code=$?
  [ $code -eq 0 ] && return 0
  # 124: stopped at the limit; 137: killed, having ignored the stop
  if [ $code -eq 124 ] || [ $code -eq 137 ]; then
    fail "apt-get did not $what within $limit s (${missing[*]}): another process may hold apt's lock, or the network does not answer; $by_hand"
  fi
  local why
  why=$(grep -E '^(E|Err):' "$log" | tail -n 1 | cut -c1-200)
  fail "apt-get could not $what (${missing[*]}): ${why:-it exited with $code}${unfetched:+; its package lists could not be fetched: $unfetched}"
}
unfetched=
apt_run "update its package lists" update -qq
# without a network apt-get update only warns (exit 0), and the install's "Unable to locate package" would
# hide why: the update's first fetch error (an Err: line and its reason) is kept for the install's line
unfetched=$(grep -E -A1 -m1 '^Err:' "$log" | tr -s ' \n' ' ' | cut -c1-200)
unfetched=${unfetched% }
apt_run install install -y -qq "${missing[@]}"

# installed is not enough: each must now answer as the tests use it
read -r -a still <<<"$(absent | tr '\n' ' ')"
[ ${#still[@]} -eq 0 ] || fail "installed, but these still do not answer as the tests need (tmux, dbus-launch, gnome-keyring-daemon on PATH; the gitlab module of /usr/bin/python3): ${still[*]}"
exit 0
