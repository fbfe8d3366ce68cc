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
# apt's own last error line says why, in one line
apt_failed() { fail "apt-get could not $1 (${missing[*]}): $(grep -E '^(E|Err):' "$log" | tail -n 1 | cut -c1-200)"; }
"${as_root[@]}" apt-get update -qq >"$log" 2>&1 || apt_failed "update its package lists"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >"$log" 2>&1 || apt_failed install

# installed is not enough: each must now answer as the tests use it
read -r -a still <<<"$(absent | tr '\n' ' ')"
[ ${#still[@]} -eq 0 ] || fail "installed, but these still do not answer as the tests need (tmux, dbus-launch, gnome-keyring-daemon on PATH; the gitlab module of /usr/bin/python3): ${still[*]}"
exit 0
