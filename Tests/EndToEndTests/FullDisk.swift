import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A directory for the ledger where, once `fill()` is called, appends fail as on a full disk.
///
/// `.tmpfs` (when this process may mount, as root; where it cannot, making one fails the test in
/// CI and skips it elsewhere, saying so): an 8 KiB tmpfs that `fill()` fills to the brim, so
/// appends fail with ENOSPC, as in the reported incident. `.fileSizeLimit` (anywhere): a plain
/// directory, and after `fill()` daemons start under a file-size limit of 0 (`ulimit -f 0`
/// in a shell that then ignores SIGXFSZ and execs the daemon), so that writes extending any file
/// fail with EFBIG.
final class FullDisk {
    enum Kind: Sendable, CaseIterable, CustomStringConvertible {
        case tmpfs
        case fileSizeLimit

        var description: String { self == .tmpfs ? "tmpfs" : "fileSizeLimit" }
    }

    /// Whether this process can mount the tmpfs: it is root and a trial mount works.
    static let canMountTmpfs: Bool = {
        let probe = NSTemporaryDirectory() + "tickwork-mount-probe-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard Prerequisite.isRoot, (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil,
              (try? mountTmpfs(at: probe)) != nil
        else { return false }
        unmount(probe)
        return true
    }()

    let directory: String
    let kind: Kind
    private(set) var isFull = false

    /// Makes `parent/disk`, mounted as an 8 KiB tmpfs for `.tmpfs`.
    init(under parent: String, kind: Kind) throws {
        directory = parent + "/disk"
        self.kind = kind
        if kind == .tmpfs {
            try Prerequisite.require(Self.canMountTmpfs, "a tmpfs mount (root) for the disk-full (ENOSPC) case")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if kind == .tmpfs { try Self.mountTmpfs(at: directory) }
    }

    /// Mounts an 8 KiB tmpfs on `directory`.
    private static func mountTmpfs(at directory: String) throws {
        guard try SpawnedProcess.runBlocking(executable: "/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=8k", "tmpfs", directory]) == 0 else { throw POSIXError(.EPERM) }
    }

    private static func unmount(_ directory: String) {
        _ = try? SpawnedProcess.runBlocking(executable: "/bin/umount", arguments: [directory])
    }

    /// The message of the errno that appends fail with once full.
    var failure: String { kind == .tmpfs ? "No space left on device" : "File too large" }

    /// From now on appends fail.
    func fill() throws {
        isFull = true
        guard kind == .tmpfs else { return }
        let fd = open(directory + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let block = [UInt8](repeating: 0x2E, count: 512)
        // Write until the tmpfs refuses; bounded so that one ignoring its size cannot make this spin.
        var written = 0
        while written < 1 << 20 {
            let count = write(fd, block, block.count)
            if count < 0 { break }
            written += count
        }
        guard written < 1 << 20, errno == ENOSPC else { throw POSIXError(.EIO) }
    }

    /// `tickwork arguments`, under the file-size limit when that is how this disk is full.
    func spawn(_ arguments: [String], environment: [String: String]) throws -> SpawnedProcess {
        guard kind == .fileSizeLimit, isFull else { return try SpawnedProcess(arguments, environment: environment) }
        let script = "ulimit -f 0 && trap '' XFSZ && exec \"$0\" \"$@\""
        return try SpawnedProcess(
            ["-c", script, TickworkProcess.buildDirectory + "/tickwork"] + arguments, environment: environment,
            executable: "/bin/sh")
    }

    /// Unmounts the tmpfs.
    func remove() {
        if kind == .tmpfs { Self.unmount(directory) }
    }
}
