import Foundation
import Glibc
import Ledger
import SystemIO
import Testing
import TestSupport

/// The order of the calls that make files and names durable (SQLite's rules: sync a file before
/// renaming it into place, sync a directory after creating or renaming an entry in it), seen
/// through a recording `FileSystem`. Whether the disk honours fsync is beyond a test's reach.
@Suite(.timeLimit(.minutes(10))) struct DurabilityTests {
    @Test func replaceWritesATemporaryFileSyncsItRenamesItThenSyncsTheDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state.json")
        try write(Array("old".utf8), to: path)
        let fileSystem = RecordingFileSystem()
        try DurableFile.replace(path, with: Array("new".utf8), fileSystem: fileSystem)
        let temporary = "\(path).tmp-\(getpid())"
        #expect(fileSystem.calls == [
            "open \(temporary)", "write \(temporary)", "fsync \(temporary)", "close \(temporary)",
            "rename \(temporary) -> \(path)", "open \(directory.path)", "fsync \(directory.path)", "close \(directory.path)",
        ])
        #expect(try contents(of: path) == Array("new".utf8))
    }

    /// A symbolic link or a hard link planted at the temporary file's name points at another
    /// file: the replace must write neither through it, and must put a file of its own in place.
    @Test(arguments: ["symbolic", "hard"])
    func aLinkPlantedAtTheTemporaryNameIsNeitherFollowedNorWrittenThrough(kind: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state.json")
        let victim = directory.file("victim")
        try write(Array("old".utf8), to: path)
        try write(Array("precious".utf8), to: victim)
        let temporary = "\(path).tmp-\(getpid())"
        #expect((kind == "symbolic" ? symlink(victim, temporary) : link(victim, temporary)) == 0)
        try DurableFile.replace(path, with: Array("new".utf8))
        #expect(try contents(of: victim) == Array("precious".utf8))
        #expect(try contents(of: path) == Array("new".utf8))
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(status.st_nlink == 1)
    }

    @Test func aReplaceWhoseSyncFailsLeavesTheOldFileAndNoTemporaryOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state.json")
        try write(Array("old".utf8), to: path)
        let temporary = "\(path).tmp-\(getpid())"
        let fileSystem = RecordingFileSystem(failingSync: temporary)
        #expect(throws: SystemCallError(path: temporary, call: "fsync", errno: EIO)) {
            try DurableFile.replace(path, with: Array("new".utf8), fileSystem: fileSystem)
        }
        #expect(try contents(of: path) == Array("old".utf8))
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(!fileSystem.calls.contains { $0.hasPrefix("rename") })
    }

    @Test func aReplaceWhoseRenameFailsClosesTheTemporaryFileOnceAndRemovesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A directory with an entry in it cannot be renamed over.
        let path = directory.file("state.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try write(Array("kept".utf8), to: "\(path)/entry")
        let temporary = "\(path).tmp-\(getpid())"
        let fileSystem = RecordingFileSystem()
        #expect(throws: SystemCallError.self) {
            try DurableFile.replace(path, with: Array("new".utf8), fileSystem: fileSystem)
        }
        // A second close of the number could close a descriptor another thread opened meanwhile.
        #expect(fileSystem.calls.filter { $0.hasPrefix("close") } == ["close \(temporary)"])
        #expect(fileSystem.calls.last == "remove \(temporary)")
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    @Test func openingALedgerSyncsTheParentOfEveryDirectoryItCreatesAndOfTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fileSystem = RecordingFileSystem()
        let ledger = try LedgerWriter(
            path: directory.path + "/a/b/fills.jsonl", venue: testVenue, account: testAccount, fileSystem: fileSystem)
        try ledger.close()
        let a = directory.path + "/a"
        let b = a + "/b"
        #expect(fileSystem.calls == [
            "mkdir \(a)", "open \(directory.path)", "fsync \(directory.path)", "close \(directory.path)",
            "mkdir \(b)", "open \(a)", "fsync \(a)", "close \(a)",
            "open \(b)", "fsync \(b)", "close \(b)",
        ])
    }

    @Test func linesFoundAtOpenAreSyncedBeforeTheyCountAsDurable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let fileSystem = RecordingFileSystem()
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount, fileSystem: fileSystem)
        defer { try? ledger.close() }
        #expect(fileSystem.calls == ["fsync \(path)"])
        #expect(ledger.durableSequence == 3)
    }

    @Test func aLedgerWhoseLinesCannotBeSyncedAtOpenIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 2)
        #expect(throws: LedgerError.system(path: path, call: "fsync", errno: EIO)) {
            _ = try LedgerWriter(path: path, venue: testVenue, account: testAccount, fileSystem: RecordingFileSystem(failingSync: path))
        }
    }
}
