import FoundationEssentials
import StrategyKit
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// A strategy plugin loaded from a shared library.
public struct LoadedPlugin: Sendable {
    /// The library's path.
    public var path: String
    /// What the plugin offers.
    public var descriptor: StrategyDescriptor
}

/// The outcome of loading plugins from a directory: the plugins that loaded, each file that did
/// not, and the strategy names the directory offers.
public struct PluginScan: Sendable {
    public var plugins: [LoadedPlugin]
    public var failures: [PluginError]
    /// The strategy names of the directory's plugin files (`lib<name>.so`), loaded or not, sorted.
    public var available: [String] = []

    /// The plugin providing strategy `name`.
    public func plugin(named name: String) -> LoadedPlugin? {
        plugins.first { $0.descriptor.name == name }
    }
}

/// Finds and opens strategy plugins: `lib*.so` files exporting `StrategyPlugin.entryPointSymbol`.
///
/// Libraries are opened with `RTLD_NOW | RTLD_NODELETE` and never closed: unloading Swift code
/// whose metadata the process may still reference is unsafe. A file, its directory or a
/// directory above it that someone other than its owner and root could have written (a sticky
/// one above, as `/tmp`, aside) is refused before anything is opened (`FileSafety.codeProblem`,
/// `FileSafety.directoryProblem`).
public enum PluginLoader {
    /// The SDK library itself sits beside the plugins in build and install directories; it is
    /// not a plugin and is skipped by `scan`.
    public static let sdkLibraryName = "libStrategyKit.so"

    /// The directory holding the running executable, where `swift build` puts the plugins and
    /// where the install script puts them beside the binary.
    public static var executableDirectory: String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PathText.directory(of: path)
    }

    /// The file that provides strategy `name` in `directory`: `lib<name>.so`.
    public static func file(of name: String, in directory: String) -> String {
        PathText.join(directory, "lib\(name).so")
    }

    /// Loads every `lib*.so` in `directory` (except the SDK), in name order. Broken or unsafe
    /// files are reported in `failures` and do not stop the scan; a second plugin with an
    /// already-seen strategy name is a failure too. An unsafe directory is refused whole.
    public static func scan(directory: String) throws(PluginError) -> PluginScan {
        let names = try pluginFiles(in: directory)
        var scan = PluginScan(plugins: [], failures: [], available: names.map(strategyName))
        var seen: [String: String] = [:]
        for name in names {
            let path = PathText.join(directory, name)
            do {
                let plugin = try loadChecked(path: path)
                if let firstPath = seen[plugin.descriptor.name] {
                    scan.failures.append(.duplicateName(name: plugin.descriptor.name, path: path, firstPath: firstPath))
                    continue
                }
                seen[plugin.descriptor.name] = path
                scan.plugins.append(plugin)
            } catch {
                scan.failures.append(error)
            }
        }
        return scan
    }

    /// Loads the plugins of the strategies `names` from `directory`, `lib<name>.so` each, and
    /// opens no other file there. A name without a file is left out (the caller names it with
    /// `available`); a file that fails to load, or provides another strategy than its name
    /// says, is in `failures`. An unsafe directory is refused whole.
    public static func load(names: [String], directory: String) throws(PluginError) -> PluginScan {
        let files = try pluginFiles(in: directory)
        var scan = PluginScan(plugins: [], failures: [], available: files.map(strategyName))
        for name in Set(names).sorted() where files.contains("lib\(name).so") {
            let path = file(of: name, in: directory)
            do {
                let plugin = try loadChecked(path: path)
                guard plugin.descriptor.name == name else {
                    scan.failures.append(.misnamed(path: path, provides: plugin.descriptor.name, expected: name))
                    continue
                }
                scan.plugins.append(plugin)
            } catch {
                scan.failures.append(error)
            }
        }
        return scan
    }

    /// Loads one plugin file, without the checks of owner and mode that `scan` and
    /// `load(names:directory:)` make.
    public static func load(path: String, host: SDKVersion = .current) throws(PluginError) -> LoadedPlugin {
        guard hasELFHeader(path) else { throw .notSharedLibrary(path: path) }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_NODELETE) else {
            throw .openFailed(path: path, message: dlerror().map { String(cString: $0) } ?? "unknown error")
        }
        guard let symbol = dlsym(handle, StrategyPlugin.entryPointSymbol) else {
            throw .missingEntryPoint(path: path, symbol: StrategyPlugin.entryPointSymbol)
        }
        let entry = unsafeBitCast(symbol, to: StrategyPlugin.EntryPoint.self)
        guard let plugin = Unmanaged<AnyObject>.fromOpaque(entry()).takeRetainedValue() as? StrategyPlugin else {
            throw .notAPlugin(path: path)
        }
        let descriptor = plugin.descriptor
        guard host.canLoad(descriptor.sdkVersion) else {
            throw .incompatibleSDK(path: path, plugin: descriptor.sdkVersion.description, host: host.description)
        }
        return LoadedPlugin(path: path, descriptor: descriptor)
    }

    /// The plugin files' names in `directory` (`lib*.so` but the SDK), sorted, once the
    /// directory itself has passed the safety check.
    private static func pluginFiles(in directory: String) throws(PluginError) -> [String] {
        if let unsafe = FileSafety.directoryProblem(directory) {
            throw .unsafe(path: unsafe.path, problem: unsafe.problem)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadableDirectory(path: directory, message: error.systemReason)
        }
        return names.filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") && $0 != sdkLibraryName }.sorted()
    }

    /// `load(path:)` once the file, and the directory it really lives in (and those above it)
    /// when it is reached through a symbolic link, have passed the safety check.
    private static func loadChecked(path: String) throws(PluginError) -> LoadedPlugin {
        if let problem = FileSafety.codeProblem(path) {
            throw .unsafe(path: path, problem: problem)
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
        if real != PathText.directory(of: path), let unsafe = FileSafety.directoryProblem(real) {
            throw .unsafe(path: unsafe.path, problem: unsafe.problem)
        }
        return try load(path: path)
    }

    /// The strategy name a plugin file is named after: `libMarketMaker.so` gives `MarketMaker`.
    private static func strategyName(_ file: String) -> String {
        String(file.dropFirst("lib".count).dropLast(".so".count))
    }

    private static func hasELFHeader(_ path: String) -> Bool {
        // An unreadable file is left to dlopen, whose message says why.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(fd, &magic, magic.count) == magic.count && magic == [0x7F, 0x45, 0x4C, 0x46]
    }
}
