import Ledger

extension Configuration {
    /// The control socket's file name in a runtime directory of its own (systemd's).
    public static let controlSocketName = "tickwork.sock"

    /// Where the daemon serves its operator's control socket and the commands look for it, in
    /// this order: `controlSocket` when the configuration sets it; `tickwork.sock` in
    /// `$RUNTIME_DIRECTORY` (systemd's `RuntimeDirectory=`, the first when it lists several); in
    /// `$XDG_RUNTIME_DIR/tickwork`, a name of the trading-state file's path (so that daemons of
    /// two configurations of one user never share a socket); else `tickwork.sock` beside the
    /// trading-state file (`riskStatePath`).
    public func controlSocketPath(environment: [String: String]) -> String {
        if let controlSocket { return controlSocket }
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, runtime.hasPrefix("/") {
            return PathText.join(String(runtime), Self.controlSocketName)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            // FNV-1a of the path, the ledger's checksum function, as sixteen hex digits.
            let name = LedgerChecksum(of: Array(riskStatePath.utf8)).description
            return PathText.join(PathText.join(runtime, "tickwork"), "\(name).sock")
        }
        return PathText.join(PathText.directory(of: riskStatePath), Self.controlSocketName)
    }
}
