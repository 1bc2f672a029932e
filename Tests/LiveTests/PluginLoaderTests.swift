import Foundation
import Live
import StrategyKit
import Testing
import TestSupport

/// The loader against real shared libraries: the FirstSteps plugin built with Tickwork, plugins
/// built by a separate package against StrategyKit by path, and files that are not plugins.
@Suite(.serialized, .timeLimit(.minutes(10))) struct PluginLoaderTests {
    static let buildDirectory = PluginLoader.executableDirectory
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func loadsTheBuiltFirstStepsPluginAndItsStrategyRuns() throws {
        let plugin = try PluginLoader.load(path: Self.buildDirectory + "/libFirstSteps.so")
        #expect(plugin.descriptor.name == "FirstSteps")
        #expect(plugin.descriptor.sdkVersion == .current)
        let strategy = try plugin.descriptor.makeStrategy(values: ["quantity": .integer(5)])
        let parameters = try StrategyParameters(schema: plugin.descriptor.parameters)
        let book = BookSnapshot.fixture(asks: [(5_000, 50)])
        let intents = strategy.onBook(book, context: StrategyContext(strategyID: "t", now: .zero, parameters: parameters))
        #expect(intents == [.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_000, qty: 5, tag: "first-steps"))])
    }

    @Test func hostAndPluginLinkOneSharedStrategyKit() async throws {
        for binary in ["tickwork", "libFirstSteps.so"] {
            let dynamic = try await run("/usr/bin/readelf", ["-d", Self.buildDirectory + "/" + binary])
            #expect(dynamic.contains("Shared library: [libStrategyKit.so]"), "\(binary) must link libStrategyKit.so dynamically")
        }
        let symbols = try await run("/usr/bin/readelf", ["--dyn-syms", "-W", Self.buildDirectory + "/libFirstSteps.so"])
        let defined = symbols.split(separator: "\n").filter { $0.contains("StrategyPlugin") && !$0.contains(" UND ") }
        #expect(defined.isEmpty, "the plugin must not carry its own copy of StrategyKit's types")
    }

    @Test func pluginsBuiltInAnotherPackageShareTheHostsTypes() async throws {
        let products = try await Self.buildFixturePackage()
        let plugin = try PluginLoader.load(path: products + "/libExternalStrategy.so")
        #expect(plugin.descriptor.name == "External")
        let strategy = try plugin.descriptor.makeStrategy(values: [:])
        let book = BookSnapshot.fixture(bids: [(4_900, 1)])
        let parameters = try StrategyParameters(schema: plugin.descriptor.parameters)
        let intents = strategy.onBook(book, context: StrategyContext(strategyID: "x", now: .zero, parameters: parameters))
        #expect(intents == [.place(OrderRequest(symbol: "FOOBAR", side: .sell, price: 4_900, qty: 1, tag: "external"))])
        // /proc files report size 0, so read to the end rather than by the reported size.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        let copies = Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.map(String.init)
        }.filter { $0.hasSuffix("/libStrategyKit.so") })
        #expect(copies.count == 1, "one libStrategyKit.so mapped, found \(copies.sorted())")
    }

    @Test func refusesAPluginBuiltAgainstAnotherMajorSDK() async throws {
        let path = try await Self.buildFixturePackage() + "/libFutureSDK.so"
        #expect(throws: PluginError.incompatibleSDK(path: path, plugin: "5.0", host: SDKVersion.current.description)) {
            try PluginLoader.load(path: path)
        }
    }

    @Test func refusesAPluginBuiltAgainstSDK3SayingToRebuildIt() async throws {
        let path = try await Self.buildFixturePackage() + "/libPastSDK.so"
        let expected = PluginError.incompatibleSDK(path: path, plugin: "3.2", host: "4.1")
        #expect(throws: expected) { try PluginLoader.load(path: path) }
        #expect(expected.description.hasSuffix(
            "built against StrategyKit 3.2, this tickwork has 4.1: rebuild the plugin against this StrategyKit "
                + "(strategies/README.md says what to change from 3.x)"))
    }

    /// A plugin compiled against an SDK whose symbols this one no longer has fails in `dlopen`;
    /// the error says to rebuild it.
    @Test func aMissingStrategyKitSymbolSaysToRebuild() {
        let error = PluginError.openFailed(path: "/p/libOld.so", message: "/p/libOld.so: undefined symbol: $s11StrategyKit8StrategyPAAE6onBook")
        #expect(error.description.contains("built against another StrategyKit than this tickwork's 4.1"))
        #expect(error.description.hasSuffix("rebuild the plugin against this StrategyKit (strategies/README.md says what to change)"))
    }

    @Test func refusesALibraryWithoutTheEntryPoint() async throws {
        let path = try await Self.buildFixturePackage() + "/libNoEntryPoint.so"
        #expect(throws: PluginError.missingEntryPoint(path: path, symbol: "tickwork_strategy_v1")) {
            try PluginLoader.load(path: path)
        }
    }

    @Test func scanReportsBrokenFilesAndDuplicatesAndGoesOn() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let first = directory + "/libFirstSteps.so"
        let copy = directory + "/libZCopy.so"
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libFirstSteps.so", toPath: first)
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libFirstSteps.so", toPath: copy)
        try "not a library\n".write(toFile: directory + "/libBroken.so", atomically: true, encoding: .utf8)
        try "ignored".write(toFile: directory + "/README.txt", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libStrategyKit.so", toPath: directory + "/libStrategyKit.so")
        let scan = try PluginLoader.scan(directory: directory)
        #expect(scan.plugins.map(\.descriptor.name) == ["FirstSteps"])
        #expect(scan.failures == [
            .notSharedLibrary(path: directory + "/libBroken.so"),
            .duplicateName(name: "FirstSteps", path: copy, firstPath: first),
        ])
        #expect(scan.failures[0].description == "\(directory)/libBroken.so: not a shared library (no ELF header)")
    }

    @Test func loadingByNameOpensOnlyTheNamedPluginsAndListsTheRest() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        for name in ["libFirstSteps.so", "libMarketMaker.so", "libStrategyKit.so"] {
            try FileManager.default.copyItem(atPath: Self.buildDirectory + "/" + name, toPath: directory + "/" + name)
        }
        try "not a library\n".write(toFile: directory + "/libBroken.so", atomically: true, encoding: .utf8)
        let scan = try PluginLoader.load(names: ["FirstSteps", "FirstSteps", "Absent"], directory: directory)
        #expect(scan.plugins.map(\.descriptor.name) == ["FirstSteps"])
        #expect(scan.failures.isEmpty)
        #expect(scan.available == ["Broken", "FirstSteps", "MarketMaker"])
    }

    @Test func aFileProvidingAnotherStrategyThanItsNameIsRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libFirstSteps.so", toPath: directory + "/libOther.so")
        let scan = try PluginLoader.load(names: ["Other"], directory: directory)
        #expect(scan.plugins.isEmpty)
        #expect(scan.failures == [.misnamed(path: directory + "/libOther.so", provides: "FirstSteps", expected: "Other")])
    }

    @Test(arguments: [0o777, 0o775, 0o757])
    func aDirectoryOthersCanWriteIsRefusedBeforeAnythingIsOpened(mode: Int) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libFirstSteps.so", toPath: directory + "/libFirstSteps.so")
        #expect(chmod(directory, mode_t(mode)) == 0)
        for load in [{ try PluginLoader.scan(directory: directory) }, { try PluginLoader.load(names: ["FirstSteps"], directory: directory) }] {
            do {
                _ = try load()
                Issue.record("a directory of mode \(String(mode, radix: 8)) was accepted")
            } catch let error as PluginError {
                guard case .unsafe(let path, let problem) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(path == directory)
                #expect(problem.hasPrefix("writable by group or others (mode 0\(String(mode, radix: 8)))"))
            }
        }
    }

    /// `outer/plugins/libFirstSteps.so` in a new scratch directory, `outer` of mode `mode`.
    private static func nestedPlugins(outerMode mode: Int) throws -> (scratch: TemporaryDirectory, outer: String, plugins: String) {
        let scratch = try TemporaryDirectory()
        let outer = scratch.file("outer")
        let plugins = outer + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        #expect(chmod(plugins, 0o755) == 0)
        try FileManager.default.copyItem(atPath: Self.buildDirectory + "/libFirstSteps.so", toPath: plugins + "/libFirstSteps.so")
        #expect(chmod(outer, mode_t(mode)) == 0)
        return (scratch, outer, plugins)
    }

    /// Loads from `plugins` both ways, expecting both to be refused naming `path` with a problem
    /// starting `problem`.
    private static func expectRefused(_ plugins: String, naming path: String, problem prefix: String) {
        for load in [{ try PluginLoader.scan(directory: plugins) }, { try PluginLoader.load(names: ["FirstSteps"], directory: plugins) }] {
            do {
                _ = try load()
                Issue.record("plugins under \(path) were accepted")
            } catch let error as PluginError {
                guard case .unsafe(let refused, let problem) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(refused == path)
                #expect(problem.hasPrefix(prefix), "\(problem)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test(arguments: [0o777, 0o775, 0o757])
    func anAncestorOthersCanWriteIsRefusedBeforeAnythingIsOpened(mode: Int) throws {
        let nested = try Self.nestedPlugins(outerMode: mode)
        defer { nested.scratch.remove() }
        Self.expectRefused(nested.plugins, naming: nested.outer, problem: "writable by group or others (mode 0\(String(mode, radix: 8)))")
    }

    @Test func aStickyAncestorOthersCanWriteIsAcceptedAsTmpIs() throws {
        let nested = try Self.nestedPlugins(outerMode: 0o1777)
        defer { nested.scratch.remove() }
        #expect(try PluginLoader.scan(directory: nested.plugins).plugins.map(\.descriptor.name) == ["FirstSteps"])
    }

    @Test(.enabled(if: geteuid() == 0)) func anAncestorOwnedByAnotherUserIsRefused() throws {
        let nested = try Self.nestedPlugins(outerMode: 0o755)
        defer { nested.scratch.remove() }
        #expect(chown(nested.outer, 65_534, 65_534) == 0)
        Self.expectRefused(nested.plugins, naming: nested.outer, problem: "owned by uid 65534")
    }

    @Test func aPluginOthersCanWriteIsAFailureOfItsOwn() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        for name in ["libFirstSteps.so", "libMomentum.so"] {
            try FileManager.default.copyItem(atPath: Self.buildDirectory + "/" + name, toPath: directory + "/" + name)
        }
        #expect(chmod(directory + "/libMomentum.so", 0o664) == 0)
        let scan = try PluginLoader.scan(directory: directory)
        #expect(scan.plugins.map(\.descriptor.name) == ["FirstSteps"])
        #expect(scan.failures.map(\.path) == [directory + "/libMomentum.so"])
        #expect(scan.failures.first?.description.contains("refused: writable by group or others (mode 0664)") == true)
    }

    @Test func dlopenErrorsNameTheFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        // An ELF header followed by garbage: dlopen itself must refuse it.
        let path = directory + "/libTruncated.so"
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try PluginLoader.load(path: path)
            Issue.record("a truncated library loaded")
        } catch {
            guard case .openFailed(let failedPath, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failedPath == path)
            #expect(!message.isEmpty)
        }
    }

    @Test func unreadableDirectoryIsAnError() {
        #expect(throws: PluginError.self) { try PluginLoader.scan(directory: "/nonexistent/tickwork-plugins") }
    }

    /// Builds the fixture package once per test process (incrementally across runs) and
    /// returns its products directory.
    static func buildFixturePackage() async throws -> String {
        try await FixturePackage.products("ExternalPlugins", packageRoot: packageRoot)
    }
}
