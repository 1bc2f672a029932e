import Foundation
import Testing

/// A directory that stands for a system's root in an installation test (install.sh's DESTDIR,
/// dpkg's --root): what was installed there, read back by path under it.
protocol ScratchRoot {
    /// The directory standing for `/`.
    var root: String { get }
}

extension ScratchRoot {
    /// The numeric id of `name` in the root's `file` (`/etc/group` or `/etc/passwd`).
    func id(of name: String, in file: String = "/etc/group") throws -> Int {
        let text = try String(contentsOfFile: root + file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name + ":") })
        return try #require(Int(line.split(separator: ":")[2]))
    }

    /// Mode bits, owner and group of `path` under the root.
    func attributes(_ path: String) throws -> (mode: Int, owner: Int, group: Int) {
        let attributes = try FileManager.default.attributesOfItem(atPath: root + path)
        return (
            (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1,
            (attributes[.ownerAccountID] as? NSNumber)?.intValue ?? -1,
            (attributes[.groupOwnerAccountID] as? NSNumber)?.intValue ?? -1)
    }

    /// `systemd-analyze verify` of the unit installed at `path`, checked on this system (a
    /// scratch root lacks systemd's own units) from a copy whose `ExecStart=command ` runs the
    /// binary installed under the root instead, which this system does not have at `command`.
    func verifyUnit(_ path: String, command: String, binary: String) async throws -> TickworkProcess.Result {
        let copies = root + "/verify"
        try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: root + path, encoding: .utf8)
        #expect(text.contains("ExecStart=\(command) "), "\(path)")
        let copy = copies + "/" + (path as NSString).lastPathComponent
        try text.replacingOccurrences(of: "ExecStart=\(command) ", with: "ExecStart=\(root + binary) ")
            .write(toFile: copy, atomically: true, encoding: .utf8)
        return try await TickworkProcess.run(["verify", copy], executable: InstallTests.systemdAnalyze)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
