import FoundationEssentials

/// Where a configuration's relative paths lead. A configuration file's are resolved against the
/// file's own directory, so that a file means the same from any working directory; a
/// configuration that is no file (the embedded default) against the working directory.
extension Configuration {
    /// `path` made absolute: as is when it starts with `/`, else joined to `directory` (itself
    /// absolute), with `.` and `..` components taken out. The one rule for every path a
    /// configuration names.
    public static func resolve(_ path: String, against directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(path).standardized.path
    }

    /// The directory a configuration file's relative paths are resolved against: the one
    /// holding `file` as named (a symbolic link to the file is not followed), absolute.
    public static func directory(of file: String) -> String {
        PathText.directory(of: resolve(file, against: FileManager.default.currentDirectoryPath))
    }

    /// Where the key file `name` of `exchange.apiKeyFile` is read, in this order of precedence:
    /// an absolute `name` as is; a relative one in `$CREDENTIALS_DIRECTORY` when `environment`
    /// sets it (systemd's `LoadCredential=`), and only there; otherwise in `directory`.
    /// `fromCredentials` says whether it is systemd's copy.
    public func apiKeyFilePath(_ name: String, environment: [String: String]) -> (path: String, fromCredentials: Bool) {
        if !name.hasPrefix("/"), let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            return (Self.resolve(name, against: credentials), true)
        }
        return (Self.resolve(name, against: directory), false)
    }

    /// Makes every path of the configuration absolute against `directory`.
    mutating func resolvePaths() {
        ledger.path = Self.resolve(ledger.path, against: directory)
        riskStatePath = Self.resolve(riskStatePath, against: directory)
        historyPath = Self.resolve(historyPath, against: directory)
        pluginDirectory = pluginDirectory.map { Self.resolve($0, against: directory) }
        recordingPath = recordingPath.map { Self.resolve($0, against: directory) }
        exchange.caFile = exchange.caFile.map { Self.resolve($0, against: directory) }
        if var settings = notify {
            for index in settings.webhooks.indices {
                settings.webhooks[index].caFile = settings.webhooks[index].caFile.map { Self.resolve($0, against: directory) }
            }
            notify = settings
        }
        controlSocket = controlSocket.map { Self.resolve($0, against: directory) }
    }
}
