import Foundation
import StrategyKit

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

/// The outcome of scanning a plugin directory: the plugins that loaded and each file that did not.
public struct PluginScan: Sendable {
    public var plugins: [LoadedPlugin]
    public var failures: [PluginError]

    /// The plugin providing strategy `name`.
    public func plugin(named name: String) -> LoadedPlugin? {
        plugins.first { $0.descriptor.name == name }
    }
}

/// Finds and opens strategy plugins: `lib*.so` files exporting `StrategyPlugin.entryPointSymbol`.
///
/// Libraries are opened with `RTLD_NOW | RTLD_NODELETE` and never closed: unloading Swift code
/// whose metadata the process may still reference is unsafe.
public enum PluginLoader {
    /// The SDK library itself sits beside the plugins in build and install directories; it is
    /// not a plugin and is skipped by `scan`.
    public static let sdkLibraryName = "libStrategyKit.so"

    /// The directory holding the running executable, where `swift build` puts the plugins and
    /// where the install script puts them beside the binary.
    public static var executableDirectory: String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (path as NSString).deletingLastPathComponent
    }

    /// Loads every `lib*.so` in `directory` (except the SDK), in name order. Broken files are
    /// reported in `failures` and do not stop the scan; a second plugin with an already-seen
    /// strategy name is a failure too.
    public static func scan(directory: String) throws(PluginError) -> PluginScan {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadableDirectory(path: directory, message: String(describing: error.localizedDescription))
        }
        var scan = PluginScan(plugins: [], failures: [])
        var seen: [String: String] = [:]
        for name in names.sorted() where name.hasPrefix("lib") && name.hasSuffix(".so") && name != sdkLibraryName {
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                let plugin = try load(path: path)
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

    /// Loads one plugin file.
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

    private static func hasELFHeader(_ path: String) -> Bool {
        // An unreadable file is left to dlopen, whose message says why.
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic == Data([0x7F, 0x45, 0x4C, 0x46])
    }
}
