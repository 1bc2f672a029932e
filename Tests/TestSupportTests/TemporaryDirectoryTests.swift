import Foundation
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct TemporaryDirectoryTests {
    @Test func itIsCreatedEmptyAndRemovedWithAllItHolds() throws {
        let directory = try TemporaryDirectory("tickwork-support")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        try FileManager.default.createDirectory(atPath: directory.file("inner"), withIntermediateDirectories: true)
        try "x".write(toFile: directory.file("inner/file"), atomically: true, encoding: .utf8)
        directory.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func twoAreNeverTheSame() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        defer { first.remove(); second.remove() }
        #expect(first.path != second.path)
    }

    @Test func oneLetGoOfIsRemoved() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory()
        let path = try #require(directory?.path)
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
