import FoundationEssentials
import Live
import Monitor
import Wire

extension Daemon {
    /// The monitor's feed (handed to the runner) and its server (a service of the group), when
    /// the configuration has a `monitor` object. Started here, before trading, so that a refused
    /// address or token fails the start (exit 1) rather than a running daemon.
    func startMonitor(journal: LedgerFillJournal, ledgerSequence: UInt64) throws -> (feed: MonitorFeed, server: MonitorServer)? {
        guard let settings = configuration.monitor else { return nil }
        let token = try settings.token.map { try monitorToken($0) }
        let board = MonitorBoard()
        let feed = MonitorFeed(
            board: board, venue: configuration.exchange.venue, account: configuration.exchange.account, ledgerSequence: ledgerSequence)
        journal.appended = { [feed] entry in feed.appended(entry) }
        journal.synced = { [feed] duration in feed.synced(in: duration) }
        let routes = MonitorRoutes(
            board: board, token: token, version: Tickwork.version, ledgerPath: configuration.ledger.path, now: WallClock.now)
        let server: MonitorServer
        do {
            server = try MonitorServer(listen: settings.listen, routes: routes)
        } catch {
            throw CLIError.failure("\(configuration.file): \(error)")
        }
        logger.forPart("monitor").info("serving", [
            "address": server.address.description, "token": token == nil ? "none" : "required",
        ])
        return (feed, server)
    }

    /// The monitor's bearer token from `monitor.tokenEnv` or `monitor.tokenFile` (a file found
    /// as the API key's is, and refused when group or others could read it).
    private func monitorToken(_ source: APIKeySource, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let file = configuration.file
        switch source {
        case .environment(let name):
            guard let value = environment[name], !value.isEmpty else {
                throw ConfigurationError(file: file, keyPath: "monitor.tokenEnv", message: "the environment variable \(name) is not set")
            }
            return value
        case .file(let name):
            let location = configuration.apiKeyFilePath(name, environment: environment)
            if !location.fromCredentials, let problem = FileSafety.secretProblem(location.path) {
                throw ConfigurationError(file: file, keyPath: "monitor.tokenFile", message: "\(location.path): \(problem)")
            }
            guard let data = FileManager.default.contents(atPath: location.path) else {
                throw ConfigurationError(file: file, keyPath: "monitor.tokenFile", message: "cannot read \(location.path)")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingWhitespace
            guard !token.isEmpty else {
                throw ConfigurationError(file: file, keyPath: "monitor.tokenFile", message: "\(location.path) is empty")
            }
            return token
        }
    }
}
