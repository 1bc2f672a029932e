#!/usr/bin/env bash
# Prints tickwork(1), a manual page in troff, made from the help the binary prints: `tickwork
# --help` first, then `tickwork <command> --help` for every command that help lists, verbatim,
# so the page says exactly what the help says.
# Usage: scripts/manpage.sh PATH-TO-TICKWORK VERSION
set -euo pipefail
binary="$1"
version="$2"

# Help text as a verbatim troff block: backslashes doubled as \e, and a line starting with a
# dot or an apostrophe (a request to troff) guarded with \&.
verbatim() {
    echo ".nf"
    sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
    echo ".fi"
}

help="$("$binary" --help)"
# The commands: the first column of the COMMANDS: list (one or two words).
commands="$(printf '%s\n' "$help" | awk '/^COMMANDS:/ { inside = 1; next } inside && /^$/ { exit }
    inside { sub(/^  +/, ""); split($0, column, /  +/); print column[1] }')"
[ -n "$commands" ] || { echo "manpage.sh: no COMMANDS: list in '$binary --help'" >&2; exit 1; }

echo ".TH TICKWORK 1 \"\" \"tickwork $version\" \"Tickwork\""
echo ".SH NAME"
echo "tickwork \\- an algorithmic trading daemon for the StockFighter API, with plugin strategies"
echo ".SH SYNOPSIS"
echo ".B tickwork"
echo ".I command"
echo "[options]"
echo ".SH DESCRIPTION"
printf '%s\n' "$help" | verbatim
echo ".SH COMMANDS"
while read -r command; do
    echo ".SS tickwork $command"
    # shellcheck disable=SC2086 # a command of two words is two arguments
    "$binary" $command --help | verbatim
done <<<"$commands"
echo ".SH FILES"
echo ".TP"
echo ".I /etc/tickwork/tickwork.json"
echo "the service's configuration (tickwork.service)"
echo ".TP"
echo ".I /var/lib/tickwork/"
echo "the service's ledger and risk state"
echo ".SH SEE ALSO"
echo "The README and the configuration reference in /usr/share/doc/tickwork/, or README.md and"
echo "config/README.md in the release's tarball."
