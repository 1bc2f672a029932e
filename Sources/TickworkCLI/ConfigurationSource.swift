import FoundationEssentials
import Glibc

/// Where a command's configuration comes from, in the order looked at: `--config FILE`, then
/// `$TICKWORK_CONFIG`, then the installed `/etc/tickwork/tickwork.json` when it exists, then the
/// embedded default. So `tickwork tail`, `status`, `resume` and the rest find an installed
/// daemon's ledger, state and monitor with no argument.
enum ConfigurationSource: Equatable {
    case option(String)
    case environment(String)
    case installed(String)
    case embedded

    /// The variable an operator (or a unit) sets to name the configuration.
    static let environmentVariable = "TICKWORK_CONFIG"
    /// Where the package and `scripts/install.sh` put the service's configuration.
    static let installedPath = "/etc/tickwork/tickwork.json"
    /// Replaces `installedPath`, for tests and for installations laid out elsewhere.
    static let installedPathVariable = "TICKWORK_INSTALLED_CONFIG"
    /// The group that may read the installed configuration (`systemd/tickwork.sysusers`).
    static let group = "tickwork"

    /// The source of the configuration: `option` when given, otherwise the first of
    /// `environment`'s `TICKWORK_CONFIG` and the installed file that exists. An installed file
    /// this user cannot read is an error saying which group to join, never a quiet fallback to
    /// the embedded default (which would put a ledger in the working directory).
    static func locate(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ConfigurationSource {
        if let option { return .option(option) }
        if let path = environment[environmentVariable], !path.isEmpty { return .environment(path) }
        let installed = environment[installedPathVariable] ?? installedPath
        var status = stat()
        if stat(installed, &status) != 0 {
            // A directory this user may not search (/etc/tickwork is root:tickwork 0750) hides
            // whether the file is there: that is the same refusal as an unreadable file.
            guard errno == EACCES else { return .embedded }
        } else if access(installed, R_OK) == 0 {
            return .installed(installed)
        }
        throw ConfigurationSourceError.unreadable(installed)
    }

    /// The file to read; nil for the embedded default.
    var path: String? {
        switch self {
        case .option(let path), .environment(let path), .installed(let path): path
        case .embedded: nil
        }
    }

    /// The name errors and messages give the configuration: its path and how it was found.
    var label: String {
        switch self {
        case .option(let path): path
        case .environment(let path): "\(path) (from $\(Self.environmentVariable))"
        case .installed(let path): "\(path) (installed; no --config or $\(Self.environmentVariable))"
        case .embedded: DefaultConfiguration.name + " (embedded)"
        }
    }

    /// The line `--verbose` prints on stderr.
    var verboseLine: String {
        switch self {
        case .option(let path): "configuration: \(path) (from --config)"
        case .environment: "configuration: \(label)"
        case .installed(let path): "configuration: \(path) (installed; no --config, $\(Self.environmentVariable) unset)"
        case .embedded:
            "configuration: the embedded \(DefaultConfiguration.name) (no --config, $\(Self.environmentVariable) unset, no \(Self.installedPath))"
        }
    }
}

/// Why no configuration could be chosen.
enum ConfigurationSourceError: Error, CustomStringConvertible {
    /// The installed configuration exists but this user may not read it.
    case unreadable(String)

    var description: String {
        switch self {
        case .unreadable(let path):
            "\(path): cannot read the installed configuration (root:\(ConfigurationSource.group) 0640): join the group " +
                "\(ConfigurationSource.group) (sudo usermod -aG \(ConfigurationSource.group) $USER, then log in again), " +
                "or give --config FILE or $\(ConfigurationSource.environmentVariable)"
        }
    }
}
