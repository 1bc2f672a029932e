#!/usr/bin/env bash
# Builds Tickwork in release mode and packs a release that runs on a Linux machine of the build
# machine's kind (same architecture, a C library at least as new) without the Swift toolchain:
#   OUT_DIR/tickwork-VERSION-linux-ARCH.tar.gz  one directory tickwork-VERSION/:
#       tickwork, libStrategyKit.so, lib<Plugin>.so   the binary and the plugin directory
#       runtime/        the toolchain's libraries the binary and plugins load (ldd), nothing else
#       systemd/        the unit files and the sysusers file, as scripts/install.sh installs them
#       config/         tickwork.json (the embedded default), systemd.json (the service's), README
#       man/tickwork.1  the help of `tickwork` and of every command, as a manual page
#       completions/    tickwork.bash and _tickwork (zsh): `tickwork completion bash|zsh`
#       README.md, strategies/README.md, BUILD-INFO (version, compiler, system libraries needed)
#   OUT_DIR/tickwork_VERSION_DEBARCH.deb          the same files laid out for Debian: /usr/lib/tickwork/
#       (binary, plugins, runtime/), /usr/bin/tickwork, /lib/systemd/system/,
#       /usr/lib/sysusers.d/tickwork.conf, /etc/tickwork/tickwork.json (a conffile, from
#       config/systemd.json), /usr/share/man/man1/tickwork.1.gz, the shell completions
#       (/usr/share/bash-completion/completions/tickwork, /usr/share/zsh/vendor-completions/_tickwork),
#       /usr/share/doc/tickwork/; its
#       maintainer scripts (packaging/debian/) create the user and set owners and modes.
# The binary's, the SDK's and the plugins' runpath is $ORIGIN:$ORIGIN/runtime and the runtime
# libraries' is $ORIGIN, set with patchelf on the copies: nothing points into the toolchain. The
# runtime libraries sit in runtime/, not beside the binary, because every lib*.so beside it is
# taken for a plugin by `tickwork strategies list`.
# Environment: OUT_DIR (default .build/package); TICKWORK_BIN_DIR (default: build in release
# mode) packs the binaries of that directory instead. Needs patchelf and dpkg-deb (Debian's
# packages of those names); run as any user (file owners in both archives are root).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in patchelf dpkg-deb ldd readelf; do
    command -v "$tool" >/dev/null || { echo "package.sh: $tool not found (apt-get install $tool)" >&2; exit 1; }
done

version="$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/TickworkCLI/Tickwork.swift)"
[ -n "$version" ] || { echo "package.sh: no version constant in Sources/TickworkCLI/Tickwork.swift" >&2; exit 1; }
arch="$(uname -m)"
debarch="$(dpkg --print-architecture)"
out="$(mkdir -p "${OUT_DIR:-.build/package}" && cd "${OUT_DIR:-.build/package}" && pwd)"

if [ -n "${TICKWORK_BIN_DIR:-}" ]; then
    bin="$TICKWORK_BIN_DIR"
else
    # The shipped products only (the binary and the plugins; the SDK comes with them), not the
    # benchmarks or the test-support targets that a bare `swift build` also builds.
    for product in tickwork $(sed -n 's/^ *\.library(name: "\([A-Za-z0-9]*\)", type: \.dynamic.*/\1/p' Package.swift); do
        swift build -c release --product "$product"
    done
    bin="$(swift build -c release --show-bin-path)"
fi
# The toolchain's root, whose libraries must travel with the binary; everything else ldd finds
# is the system's and becomes a package dependency.
toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")")"

"$bin/tickwork" --version | grep -qx "tickwork $version .*" \
    || { echo "package.sh: $bin/tickwork does not say version $version" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
name="tickwork-$version"
tree="$work/$name"
mkdir -p "$tree/runtime" "$tree/systemd" "$tree/config" "$tree/man" "$tree/strategies" "$tree/completions"

install -m 0755 "$bin/tickwork" "$tree/tickwork"
for library in "$bin"/lib*.so; do
    install -m 0644 "$library" "$tree/"
done

# The toolchain's libraries that any of these files loads, directly or not (ldd resolves the whole
# tree); ldd's "name => path" of every library, kept to find the system's ones below.
for file in "$tree/tickwork" "$tree"/lib*.so; do
    ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u >"$work/resolved"
while read -r soname library; do
    case "$(readlink -f "$library")" in
        "$toolchain"/*) install -m 0644 "$(readlink -f "$library")" "$tree/runtime/$soname" ;;
    esac
done <"$work/resolved"
if ldd "$tree/tickwork" "$tree"/lib*.so | grep -q "not found"; then
    echo "package.sh: a library the binary or a plugin needs was not found:" >&2
    ldd "$tree/tickwork" "$tree"/lib*.so >&2
    exit 1
fi
# The system libraries that the release's own files name (DT_NEEDED), not what those load in
# turn: their Debian packages depend on the rest.
for file in "$tree/tickwork" "$tree"/lib*.so "$tree"/runtime/*.so; do
    readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
done | sort -u | while read -r soname; do
    [ -e "$tree/$soname" ] || [ -e "$tree/runtime/$soname" ] || awk -v name="$soname" '$1 == name { print $2 }' "$work/resolved"
done | sort -u >"$work/system-libraries"
# dpkg knows a file by the path its package installed it at: with /lib merged into /usr, ldd's
# /lib/x86_64-linux-gnu/libz.so.1 may be dpkg's /usr/lib/x86_64-linux-gnu/libz.so.1, and a link
# may be known only by its target.
owner() {
    for candidate in "$1" "/usr$1" "$(readlink -f "$1")"; do
        dpkg -S "$candidate" 2>/dev/null | cut -d: -f1 && return 0
    done
    echo "package.sh: no Debian package holds $1, which the release needs" >&2
    return 1
}
depends="$(while read -r library; do owner "$library"; done <"$work/system-libraries" | sort -u | paste -sd, - | sed 's/,/, /g')"

# Debug information stays in the build directory; the symbol tables stay for readable crash
# backtraces.
strip --strip-debug "$tree/tickwork" "$tree"/lib*.so "$tree"/runtime/*.so
for file in "$tree/tickwork" "$tree"/lib*.so; do
    patchelf --set-rpath '$ORIGIN:$ORIGIN/runtime' "$file"
done
for file in "$tree"/runtime/*.so; do
    patchelf --set-rpath '$ORIGIN' "$file"
done
for file in "$tree/tickwork" "$tree"/lib*.so "$tree"/runtime/*.so; do
    if readelf -d "$file" | grep -E "R(UN)?PATH" | grep -q "$toolchain"; then
        echo "package.sh: $file still points into $toolchain" >&2
        exit 1
    fi
done

install -m 0644 systemd/tickwork.service systemd/tickwork-exchange.service systemd/tickwork.sysusers "$tree/systemd/"
install -m 0644 config/tickwork.json config/systemd.json config/README.md "$tree/config/"
install -m 0644 README.md "$tree/"
install -m 0644 strategies/README.md "$tree/strategies/"
bash scripts/manpage.sh "$tree/tickwork" "$version" >"$tree/man/tickwork.1"
"$tree/tickwork" completion bash >"$tree/completions/tickwork.bash"
"$tree/tickwork" completion zsh >"$tree/completions/_tickwork"
chmod 0644 "$tree/completions/tickwork.bash" "$tree/completions/_tickwork"
{
    echo "tickwork $version for linux-$arch"
    echo "built with: $(swift --version 2>/dev/null | head -n 1)"
    echo "plugins must be built with the same Swift version (strategies/README.md)"
    echo "needs these system packages: $depends"
} >"$tree/BUILD-INFO"

tarball="$out/$name-linux-$arch.tar.gz"
tar -C "$work" --owner=0 --group=0 --numeric-owner --sort=name -czf "$tarball" "$name"

# The Debian package, from the same files.
deb="$work/deb"
lib="$deb/usr/lib/tickwork"
mkdir -p "$lib" "$deb/usr/bin" "$deb/lib/systemd/system" "$deb/usr/lib/sysusers.d" "$deb/etc/tickwork" \
    "$deb/usr/share/man/man1" "$deb/usr/share/doc/tickwork/examples" "$deb/DEBIAN" \
    "$deb/usr/share/bash-completion/completions" "$deb/usr/share/zsh/vendor-completions"
cp -a "$tree/tickwork" "$tree"/lib*.so "$tree/runtime" "$lib/"
ln -s ../lib/tickwork/tickwork "$deb/usr/bin/tickwork"
for unit in tickwork.service tickwork-exchange.service; do
    sed -e 's|/usr/local/bin/tickwork|/usr/bin/tickwork|g' \
        -e 's|/usr/local/share/doc/tickwork/|/usr/share/doc/tickwork/|g' \
        -e 's|Install with `scripts/install.sh` (see README)|Installed by the tickwork package|' \
        "systemd/$unit" >"$deb/lib/systemd/system/$unit"
done
chmod 0644 "$deb"/lib/systemd/system/*
sed 's|scripts/install.sh installs it as /usr/local/lib/sysusers.d/tickwork.conf|the tickwork package installs it as /usr/lib/sysusers.d/tickwork.conf|' \
    systemd/tickwork.sysusers >"$deb/usr/lib/sysusers.d/tickwork.conf"
# Readable by root only until postinst gives it to the group tickwork.
chmod 0750 "$deb/etc/tickwork"
install -m 0640 config/systemd.json "$deb/etc/tickwork/tickwork.json"
gzip -9n <"$tree/man/tickwork.1" >"$deb/usr/share/man/man1/tickwork.1.gz"
install -m 0644 "$tree/completions/tickwork.bash" "$deb/usr/share/bash-completion/completions/tickwork"
install -m 0644 "$tree/completions/_tickwork" "$deb/usr/share/zsh/vendor-completions/_tickwork"
install -m 0644 README.md "$tree/BUILD-INFO" "$deb/usr/share/doc/tickwork/"
install -m 0644 config/README.md "$deb/usr/share/doc/tickwork/config.md"
install -m 0644 strategies/README.md "$deb/usr/share/doc/tickwork/strategies.md"
install -m 0644 config/tickwork.json "$deb/usr/share/doc/tickwork/examples/tickwork.json"
for script in postinst prerm postrm; do
    install -m 0755 "packaging/debian/$script" "$deb/DEBIAN/$script"
done
echo /etc/tickwork/tickwork.json >"$deb/DEBIAN/conffiles"
# Depends: the system libraries' packages, then passwd (postinst's useradd without systemd) and
# procps (the unit's ExecReload=/bin/kill, which a minimal Debian lacks).
size="$(du -sk --exclude=DEBIAN "$deb" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$debarch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
    packaging/debian/control >"$deb/DEBIAN/control"
(cd "$deb" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
debfile="$out/tickwork_${version}_$debarch.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$debfile" >/dev/null

echo "$tarball"
echo "$debfile"
