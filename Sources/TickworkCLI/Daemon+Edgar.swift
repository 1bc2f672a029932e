import CommandLineKit
import Edgar
import FoundationEssentials
import Lifecycle
import Live
import StrategyKit
import Wire

extension Daemon {
    /// The EDGAR client the daemon polls with, when the configuration has `edgar` with `poll`
    /// true; nil otherwise. Made at start, so that a missing `User-Agent`, or one without a
    /// contact address, refuses the start with one line before anything trades.
    static func makeEdgarClient(
        _ configuration: Configuration, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> EdgarClient? {
        guard let settings = configuration.edgar, settings.poll else { return nil }
        do throws(EdgarError) {
            return try EdgarConnection.client(settings: settings, environment: environment)
        } catch {
            throw CLIError.failure("\(configuration.file): \(error)")
        }
    }

    /// The service that polls EDGAR for the filings of the symbols the strategies trade, every
    /// `edgar.pollInterval`, handing each new one to `runner`; nil without an EDGAR client.
    func edgarPoller(_ runner: LiveRunner) -> ServiceGroup.Entry? {
        guard let edgarClient, let settings = configuration.edgar else { return nil }
        let symbols = configuration.symbols
        let logger = logger.forPart("edgar")
        logger.info("polling filings", [
            "symbols": symbols.map(\.rawValue).joined(separator: ","), "every": DurationText.describe(settings.pollInterval),
            "data": settings.dataURL,
        ])
        // Never stops the trading by ending; given the time a request in flight may take.
        let poller = EdgarPoller(
            client: edgarClient, symbols: symbols, interval: settings.pollInterval, historyPath: configuration.historyPath,
            figures: edgarFigures, logger: logger, deliver: { runner.post($0) })
        return .init("edgar", poller, stopsGroupWhenFinished: false, gracePeriod: edgarClient.invoker.policy.attemptTimeout + .seconds(5))
    }
}
