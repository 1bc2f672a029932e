import CommandLineKit

/// Where `tickwork` keeps what it remembers between runs (the watch lists, a refreshed symbol
/// directory): systemd's `$STATE_DIRECTORY` (`/var/lib/tickwork` under the shipped unit's
/// `StateDirectory=tickwork`), else `$XDG_STATE_HOME/tickwork`, else `~/.local/state/tickwork`.
enum StateDirectory {
    /// The directory `environment` names, by the order above.
    static func path(_ environment: [String: String]) throws -> String {
        if let systemd = environment["STATE_DIRECTORY"], !systemd.isEmpty {
            // systemd lists one directory per StateDirectory= entry, separated by colons.
            return String(systemd.split(separator: ":")[0])
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/tickwork" }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw CLIError.failure("no state directory: set XDG_STATE_HOME or HOME to an absolute path")
        }
        return home + "/.local/state/tickwork"
    }
}
