#!/usr/bin/env bash
# Builds Tickwork in release mode and installs it where systemd/tickwork.service expects it:
#   /usr/local/lib/tickwork/     tickwork, libStrategyKit.so and every plugin (lib*.so), side by
#                                side, root-owned and writable by root only (plugins are refused
#                                otherwise)
#   /usr/local/bin/tickwork      a symlink to the binary
#   /usr/local/lib/sysusers.d/   tickwork.conf: the `tickwork` system user and group, created now
#                                with systemd-sysusers
#   /etc/systemd/system/         tickwork.service, tickwork-exchange.service
#   /etc/tickwork/               root:tickwork 0750; tickwork.json (config/systemd.json) if none
#                                is there yet, root:tickwork 0640 so the service can read it
#   /usr/local/share/doc/tickwork/README.md
#   /usr/local/share/bash-completion/completions/tickwork, /usr/local/share/zsh/site-functions/_tickwork
# Run as root. Environment: PREFIX (default /usr/local); DESTDIR (default empty: the live system;
# otherwise a root directory to fill, whose etc/passwd and etc/group get the user);
# TICKWORK_BIN_DIR (default: build in release mode) installs the binaries of that directory
# instead, e.g. a debug build's.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-/usr/local}"
dest="${DESTDIR:-}"

if [ -n "${TICKWORK_BIN_DIR:-}" ]; then
    bin="$TICKWORK_BIN_DIR"
else
    swift build -c release --product tickwork
    swift build -c release
    bin="$(swift build -c release --show-bin-path)"
fi

install -d -o root -g root -m 0755 "$dest$prefix/lib/tickwork" "$dest$prefix/bin" "$dest$prefix/lib/sysusers.d" \
    "$dest$prefix/share/doc/tickwork" "$dest/etc/systemd/system"
install -m 0644 systemd/tickwork.sysusers "$dest$prefix/lib/sysusers.d/tickwork.conf"
if [ -n "$dest" ]; then
    systemd-sysusers --root="$dest" "$dest$prefix/lib/sysusers.d/tickwork.conf"
else
    systemd-sysusers "$prefix/lib/sysusers.d/tickwork.conf"
fi
# By number, from the group file just written: DESTDIR's group is not the running system's.
gid="$(awk -F: '$1 == "tickwork" { print $3 }' "$dest/etc/group")"
[ -n "$gid" ] || { echo "install.sh: no group tickwork in $dest/etc/group" >&2; exit 1; }

install -o root -g root -m 0755 "$bin/tickwork" "$dest$prefix/lib/tickwork/tickwork"
for library in "$bin"/lib*.so; do
    install -o root -g root -m 0644 "$library" "$dest$prefix/lib/tickwork/"
done
ln -sf "$prefix/lib/tickwork/tickwork" "$dest$prefix/bin/tickwork"
install -m 0644 systemd/tickwork.service systemd/tickwork-exchange.service "$dest/etc/systemd/system/"
install -m 0644 README.md "$dest$prefix/share/doc/tickwork/README.md"
# Shell completion, made by the installed binary from its command tree (bash-completion and
# Debian's zsh look in these directories under /usr/local).
install -d -m 0755 "$dest$prefix/share/bash-completion/completions" "$dest$prefix/share/zsh/site-functions"
"$dest$prefix/lib/tickwork/tickwork" completion bash >"$dest$prefix/share/bash-completion/completions/tickwork"
"$dest$prefix/lib/tickwork/tickwork" completion zsh >"$dest$prefix/share/zsh/site-functions/_tickwork"
chmod 0644 "$dest$prefix/share/bash-completion/completions/tickwork" "$dest$prefix/share/zsh/site-functions/_tickwork"

install -d -o root -g "$gid" -m 0750 "$dest/etc/tickwork"
if [ ! -e "$dest/etc/tickwork/tickwork.json" ]; then
    install -m 0640 config/systemd.json "$dest/etc/tickwork/tickwork.json"
fi
# Also an older install's root:root file: the service runs as tickwork and must read it.
chown "root:$gid" "$dest/etc/tickwork/tickwork.json"
chmod 0640 "$dest/etc/tickwork/tickwork.json"
# An older install's configuration named its files relative to the working directory, which was
# /var/lib/tickwork; relative paths now follow the configuration's own directory.
ledger="$("$dest$prefix/lib/tickwork/tickwork" config check "$dest/etc/tickwork/tickwork.json" 2>/dev/null \
    | sed -n 's/^  ledger: \(.*\) (fsync .*/\1/p')" || true
if [ -n "$ledger" ] && [ "${ledger#/var/lib/tickwork/}" = "$ledger" ]; then
    echo "install.sh: warning: /etc/tickwork/tickwork.json puts the ledger at $ledger, outside the service's" \
        "/var/lib/tickwork: give ledger.path and riskStatePath as absolute paths there (see config/systemd.json)" >&2
fi

echo "installed tickwork in $dest$prefix/lib/tickwork; 'systemctl daemon-reload' to pick up the units"
