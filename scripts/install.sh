#!/usr/bin/env bash
# Builds Tickwork in release mode and installs it where systemd/tickwork.service expects it:
#   /usr/local/lib/tickwork/    tickwork, libStrategyKit.so and every plugin (lib*.so), side by side
#   /usr/local/bin/tickwork     a symlink to the binary
#   /etc/systemd/system/        tickwork.service, tickwork-exchange.service
#   /etc/tickwork/tickwork.json the example configuration, if none is there yet
# and creates the `tickwork` system user. Run as root. PREFIX (default /usr/local) and
# DESTDIR (default empty: the live system) can be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-/usr/local}"
dest="${DESTDIR:-}"

swift build -c release --product tickwork
swift build -c release
bin="$(swift build -c release --show-bin-path)"

install -d "$dest$prefix/lib/tickwork" "$dest$prefix/bin" "$dest/etc/systemd/system" "$dest/etc/tickwork"
install -m 0755 "$bin/tickwork" "$dest$prefix/lib/tickwork/tickwork"
for library in "$bin"/lib*.so; do
    install -m 0644 "$library" "$dest$prefix/lib/tickwork/"
done
ln -sf "$prefix/lib/tickwork/tickwork" "$dest$prefix/bin/tickwork"
install -m 0644 systemd/tickwork.service systemd/tickwork-exchange.service "$dest/etc/systemd/system/"
if [ ! -e "$dest/etc/tickwork/tickwork.json" ]; then
    install -m 0640 config/tickwork.json "$dest/etc/tickwork/tickwork.json"
fi

if [ -z "$dest" ] && ! id tickwork >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/tickwork --shell /usr/sbin/nologin tickwork
fi
echo "installed tickwork in $dest$prefix/lib/tickwork; 'systemctl daemon-reload' to pick up the units"
