import StrategyKit

/// Why a strategy plugin could not be loaded. Every case names the file at fault.
public enum PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not an ELF shared library (e.g. a text file named `lib*.so`).
    case notSharedLibrary(path: String)
    /// `dlopen` refused the file; `message` is `dlerror()`'s text.
    case openFailed(path: String, message: String)
    /// The library does not export the plugin entry point.
    case missingEntryPoint(path: String, symbol: String)
    /// The entry point returned something other than a `StrategyPlugin`, which happens when the
    /// plugin carries its own copy of StrategyKit instead of linking the shared one.
    case notAPlugin(path: String)
    /// The plugin was built against an SDK this host cannot load.
    case incompatibleSDK(path: String, plugin: String, host: String)
    /// Two plugins declare the same strategy name.
    case duplicateName(name: String, path: String, firstPath: String)
    /// The plugin directory could not be listed.
    case unreadableDirectory(path: String, message: String)
    /// A configuration names a strategy no loaded plugin provides.
    case unknownStrategy(name: String, directory: String, available: [String])
    /// The file, its directory or a directory above it could have been written by someone other
    /// than its owner and root (`FileSafety.codeProblem` and `directoryProblem` say how), so
    /// nothing is loaded from it.
    case unsafe(path: String, problem: String)
    /// `lib<expected>.so` provides another strategy.
    case misnamed(path: String, provides: String, expected: String)

    /// The file at fault, when one is.
    public var path: String? {
        switch self {
        case .notSharedLibrary(let path), .openFailed(let path, _), .missingEntryPoint(let path, _),
             .notAPlugin(let path), .incompatibleSDK(let path, _, _), .duplicateName(_, let path, _),
             .unreadableDirectory(let path, _), .unsafe(let path, _), .misnamed(let path, _, _):
            return path
        case .unknownStrategy:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .notSharedLibrary(let path):
            return "\(path): not a shared library (no ELF header)"
        case .openFailed(let path, let message):
            // A plugin of an older SDK major version needs symbols this StrategyKit no longer has.
            guard message.contains("undefined symbol: $s11StrategyKit") else { return "\(path): cannot be loaded: \(message)" }
            return "\(path): cannot be loaded: built against another StrategyKit than this tickwork's \(SDKVersion.current) "
                + "(\(message)); rebuild the plugin against this StrategyKit (strategies/README.md says what to change)"
        case .missingEntryPoint(let path, let symbol):
            return "\(path): not a Tickwork plugin: no entry point \(symbol)"
        case .notAPlugin(let path):
            return "\(path): entry point did not return a StrategyPlugin (is libStrategyKit linked dynamically?)"
        case .incompatibleSDK(let path, let plugin, let host):
            guard let pluginMajor = Int(plugin.prefix { $0 != "." }), let hostMajor = Int(host.prefix { $0 != "." }),
                  pluginMajor < hostMajor
            else {
                return "\(path): built against StrategyKit \(plugin), this tickwork has \(host)"
            }
            return "\(path): built against StrategyKit \(plugin), this tickwork has \(host): rebuild the plugin against this "
                + "StrategyKit (strategies/README.md says what to change from \(pluginMajor).x)"
        case .duplicateName(let name, let path, let firstPath):
            return "\(path): strategy name \(name) is already provided by \(firstPath)"
        case .unreadableDirectory(let path, let message):
            return "\(path): cannot read plugin directory: \(message)"
        case .unknownStrategy(let name, let directory, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no plugin in \(directory) provides strategy \(name) (available: \(list))"
        case .unsafe(let path, let problem):
            return "\(path): refused: \(problem)"
        case .misnamed(let path, let provides, let expected):
            return "\(path): provides strategy \(provides), not \(expected) (a plugin's file is lib<strategy name>.so)"
        }
    }
}
