import Glibc
import Quotes
import StrategyKit
import SystemIO
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct WatchListStoreTests {
    @Test func editsKeepOrderRefuseUnknownSymbolsAndMoveBothWays() throws {
        var lists = WatchLists()
        #expect(lists.add(["AAPL", "MSFT", "AAPL", "SPY"], to: "default") == ["AAPL", "MSFT", "SPY"])
        #expect(lists.add(["MSFT"], to: "default").isEmpty)
        try lists.move("SPY", to: 1, in: "default")
        #expect(lists.symbols("default") == ["SPY", "AAPL", "MSFT"])
        try lists.move("SPY", before: "MSFT", in: "default")
        #expect(lists.symbols("default") == ["AAPL", "SPY", "MSFT"])
        #expect(throws: WatchLists.EditError.positionOutOfRange(4, count: 3)) { try lists.move("SPY", to: 4, in: "default") }
        #expect(throws: WatchLists.EditError.notListed("IBM", list: "default")) { try lists.remove(["SPY", "IBM"], from: "default") }
        #expect(lists.symbols("default") == ["AAPL", "SPY", "MSFT"])
        try lists.remove(["SPY"], from: "default")
        #expect(lists.symbols("default") == ["AAPL", "MSFT"] && lists.symbols("other").isEmpty)
    }

    @Test func listsPersistPerNameAcrossStores() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = WatchListStore(directory: directory.file("state/tickwork"))
        _ = try store.update { $0.add(["AAPL", "MSFT"], to: "default") }
        _ = try store.update { $0.add(["SPY"], to: "etfs") }
        let again = try WatchListStore(directory: directory.file("state/tickwork")).load()
        #expect(again.symbols("default") == ["AAPL", "MSFT"] && again.symbols("etfs") == ["SPY"])
    }

    @Test func aCrashHalfwayThroughWritingLeavesTheOldListsReadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try WatchListStore(directory: directory.path).update { $0.add(["AAPL"], to: "default") }
        let crashing = WatchListStore(directory: directory.path, fileSystem: CrashingFileSystem(crashAt: .write))
        #expect(throws: (any Error).self) { try crashing.update { $0.add(["MSFT", "SPY"], to: "default") } }
        // The half-written temporary file is still there, as a dead process would leave it.
        #expect(try FileManagerProbe.names(in: directory.path).contains { $0.hasPrefix("watchlists.json.tmp-") })
        #expect(try WatchListStore(directory: directory.path).load().symbols("default") == ["AAPL"])
        // The next save replaces it and goes through.
        _ = try WatchListStore(directory: directory.path).update { $0.add(["MSFT"], to: "default") }
        #expect(try WatchListStore(directory: directory.path).load().symbols("default") == ["AAPL", "MSFT"])
    }

    @Test func aCrashAfterTheRenameLeavesTheNewLists() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try WatchListStore(directory: directory.path).update { $0.add(["AAPL"], to: "default") }
        let crashing = WatchListStore(directory: directory.path, fileSystem: CrashingFileSystem(crashAt: .directorySync))
        #expect(throws: (any Error).self) { try crashing.update { $0.add(["MSFT"], to: "default") } }
        #expect(try WatchListStore(directory: directory.path).load().symbols("default") == ["AAPL", "MSFT"])
    }

    @Test func aBrokenFileIsAnErrorNamingItNotAnEmptyList() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = WatchListStore(directory: directory.path)
        #expect(FileManagerProbe.write("{\"version\":1,\"lists\":", to: store.path))
        #expect(throws: WatchListStore.StoreError.self) { try store.load() }
    }
}

/// The system's calls until the step `crashAt`, where the process "dies": a write stops
/// halfway, a directory sync never happens; nothing after it runs, and no clean-up either.
private struct CrashingFileSystem: FileSystem {
    enum Step: Sendable { case write, directorySync }
    struct Crash: Error {}
    let crashAt: Step
    private let system = SystemFileSystem()

    func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
        if crashAt == .directorySync, flags & O_DIRECTORY != 0 { throw SystemCallError(path: path, call: "crash", errno: EIO) }
        return try system.open(path, flags: flags, mode: mode)
    }

    func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError) {
        guard crashAt == .write else { return try system.write(fd, bytes, path: path) }
        try system.write(fd, Array(bytes.prefix(bytes.count / 2)), path: path)
        throw SystemCallError(path: path, call: "crash", errno: EIO)
    }

    func fsync(_ fd: Int32, path: String) throws(SystemCallError) { try system.fsync(fd, path: path) }
    func rename(_ from: String, to: String) throws(SystemCallError) { try system.rename(from, to: to) }
    func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool { try system.makeDirectory(path, mode: mode) }
    func close(_ fd: Int32) { system.close(fd) }
    /// A dead process cleans nothing up.
    func remove(_ path: String) {}
}

/// Directory listings and raw writes for the checks above.
private enum FileManagerProbe {
    static func names(in directory: String) throws -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return text.utf8.withContiguousStorageIfAvailable { Glibc.write(fd, $0.baseAddress, $0.count) } == text.utf8.count
    }
}
