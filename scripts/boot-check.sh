#!/usr/bin/env bash
# Installs the Debian package in a real, booted systemd and drives both units: a Debian 12 root
# made by debootstrap (kept in ROOT, default /var/tmp/tickwork-boot-root, and reused), booted
# with `systemd-nspawn --boot`, where a one-shot unit runs packaging/boot-check-inside.sh:
# `dpkg -i`, then `systemctl start`, `reload` and `stop` of tickwork.service and
# tickwork-exchange.service, and powers the container off. Prints that script's log and exits
# with its status.
# Usage (as root): scripts/boot-check.sh PATH-TO-tickwork_VERSION_ARCH.deb
# Needs debootstrap and systemd-container (Debian's packages) and Debian's package archive.
set -euo pipefail
cd "$(dirname "$0")/.."
deb="$(readlink -f "$1")"
root="${ROOT:-/var/tmp/tickwork-boot-root}"

if [ ! -x "$root/lib/systemd/systemd" ]; then
    debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$root" http://deb.debian.org/debian
fi
# The package's dependencies, from the archive, so that the install inside needs no network.
depends="$(dpkg-deb -f "$deb" Depends | sed 's/([^)]*)//g; s/,/ /g')"
# shellcheck disable=SC2086 # one word per package
chroot "$root" apt-get install -y -qq --no-install-recommends $depends >/dev/null

install -m 0644 "$deb" "$root/root/tickwork.deb"
install -m 0755 packaging/boot-check-inside.sh "$root/root/boot-check-inside.sh"
rm -f "$root/root/boot-check.log" "$root/root/boot-check.status"
cat >"$root/etc/systemd/system/tickwork-boot-check.service" <<'UNIT'
[Unit]
Description=Install the tickwork package and drive its units, then power off
After=multi-user.target
SuccessAction=poweroff-force
FailureAction=poweroff-force
[Service]
Type=oneshot
ExecStart=/bin/sh -c '/root/boot-check-inside.sh >/root/boot-check.log 2>&1; echo $? >/root/boot-check.status'
[Install]
WantedBy=multi-user.target
UNIT
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf ../tickwork-boot-check.service "$root/etc/systemd/system/multi-user.target.wants/tickwork-boot-check.service"

# No machined or system bus on this host: --register=no --keep-unit. Bounded: a boot that hangs
# is killed after 5 minutes.
timeout 300 systemd-nspawn --quiet --register=no --keep-unit -D "$root" --boot --console=pipe </dev/null >/dev/null 2>&1 || true
cat "$root/root/boot-check.log"
status="$(cat "$root/root/boot-check.status" 2>/dev/null || echo "none: the check did not finish")"
echo "boot-check: status $status"
[ "$status" = 0 ]
