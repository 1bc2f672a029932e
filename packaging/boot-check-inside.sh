#!/bin/sh
# Run by scripts/boot-check.sh inside a booted Debian 12 container: installs the package and
# drives its units with systemctl. Exits non-zero at the first step that fails.
set -eux

dpkg -i /root/tickwork.deb
id tickwork
stat -c '%a %U:%G %n' /etc/tickwork /etc/tickwork/tickwork.json /var/lib/tickwork /usr/lib/tickwork/tickwork
systemd-analyze verify /lib/systemd/system/tickwork.service /lib/systemd/system/tickwork-exchange.service

# Type=notify: start returns once the daemon said READY=1 (or failed).
systemctl start tickwork-exchange.service tickwork.service
systemctl is-active tickwork-exchange.service tickwork.service
# The exchange is Type=simple: started once forked, listening a moment later. Bounded wait.
tries=0
until tickwork heartbeat --base-url http://127.0.0.1:8080/ob/api; do
    tries=$((tries + 1))
    [ "$tries" -lt 50 ] || exit 1
    sleep 0.1
done
systemctl reload tickwork.service
systemctl is-active tickwork.service
# The exchange has no ExecReload: systemd refuses the reload, which is what must happen.
if systemctl reload tickwork-exchange.service; then exit 1; fi
systemctl stop tickwork.service tickwork-exchange.service
if systemctl is-active tickwork.service tickwork-exchange.service; then exit 1; fi
journalctl --no-pager -o cat -u tickwork.service -u tickwork-exchange.service
ls -l /var/lib/tickwork

dpkg --purge tickwork
test ! -e /etc/tickwork
test -d /var/lib/tickwork
echo "boot-check-inside: passed"
