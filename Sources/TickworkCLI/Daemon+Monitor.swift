import CommandLineKit
import FoundationEssentials
import History
import Live
import Monitor
import Notify
import StockFighter
import Wire

extension Daemon {
    /// The monitor's feed (handed to the runner) and its server (a service of the group), when
    /// the configuration has a `monitor` object. Started here, before trading, so that a refused
    /// address or token fails the start (exit 1) rather than a running daemon. `/metrics` counts
    /// the records `historyFlow` drops; `control` is served behind the token.
    func startMonitor(
        journal: LedgerFillJournal, ledgerSequence: UInt64, historyFlow: HistoryFlow, control: ControlRoutes
    ) throws -> (feed: MonitorFeed, server: MonitorServer)? {
        guard let settings = configuration.monitor else { return nil }
        // Found as the API key is (a file in `$CREDENTIALS_DIRECTORY` first, refused when group or
        // others could read it).
        let token = try settings.token.map {
            try APIKeyResolver.resolve(
                $0, keys: ("monitor.tokenEnv", "monitor.tokenFile"), in: configuration, optional: false,
                environment: ProcessInfo.processInfo.environment
            ).secret
        }
        let board = MonitorBoard()
        let feed = MonitorFeed(
            board: board, venue: configuration.exchange.venue, account: configuration.exchange.account, ledgerSequence: ledgerSequence)
        journal.appended = { [feed] entry in feed.appended(entry) }
        journal.synced = { [feed] duration in feed.synced(in: duration) }
        var routes = MonitorRoutes(
            board: board, token: token, version: Tickwork.version, ledgerPath: configuration.ledger.path, historyFlow: historyFlow,
            control: control, now: WallClock.now)
        if let notifier { routes.notifyFigures = { notifier.figures } }
        if edgarClient != nil { routes.edgarFigures = { [edgarFigures] in edgarFigures.get() } }
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
}
