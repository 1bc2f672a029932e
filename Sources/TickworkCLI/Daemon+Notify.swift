import Brokerage
import FoundationEssentials
import Live
import Notify
import StrategyKit
import Trading
import Wire

extension Daemon {
    /// How long the daemon's last words (its stop, a ledger failure, a refusal) may hold up its
    /// exit.
    static let lastWordsDeadline: Duration = .seconds(2)

    /// The notifier of `configuration`'s `notify` webhooks, their URLs found now (as the API
    /// keys are), so that a missing one fails the start; nil without a `notify` object.
    static func makeNotifier(
        _ configuration: Configuration, logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Notifier? {
        guard let settings = configuration.notify else { return nil }
        var webhooks: [Webhook] = []
        for (index, webhook) in settings.webhooks.enumerated() {
            let keyPath = "notify.webhooks[\(index)]"
            let url: WebhookURL
            switch webhook.url {
            case .inline(let inline):
                url = inline
            case .secret(let source):
                let text = try APIKeyResolver.resolve(
                    source, keys: ("\(keyPath).urlEnv", "\(keyPath).urlFile"), in: configuration, optional: false,
                    environment: environment
                ).secret
                guard let parsed = WebhookURL(text) else {
                    let key = if case .environment = source { "urlEnv" } else { "urlFile" }
                    throw ConfigurationError(
                        file: configuration.file, keyPath: "\(keyPath).\(key)", message: "does not hold an http:// or https:// URL with a host")
                }
                url = parsed
            }
            webhooks.append(Webhook(
                name: webhook.name ?? url.address.host, url: url, format: webhook.format, events: webhook.events,
                fillBatch: webhook.fillBatch, chatID: webhook.chatID, caFile: webhook.caFile))
        }
        let notifyLogger = logger.forPart("notify")
        return Notifier(
            webhooks: webhooks, policy: settings.policy,
            origin: "tickwork \(configuration.exchange.venue)/\(configuration.exchange.account)",
            log: { notifyLogger.warning($0) })
    }

    /// The engine's order-flow observer: the history's, and the notifications' beside it when
    /// there are any.
    func orderFlow(history: HistoryFlowObserver) -> any OrderFlowObserver {
        guard let notifier, let settings = configuration.notify else { return history }
        return OrderFlowTee(history, NotifyFlowObserver(
            notifier: notifier, denials: DenialRate(threshold: settings.denialThreshold, window: settings.denialWindow)))
    }

    /// Tells the webhooks, before the process exits and within `lastWordsDeadline`, that the
    /// daemon stopped with `status`, and why when it was a ledger failure or a refusal to trade.
    func sayLastWords(status: Int32, error: (any Error)?) {
        guard let notifier else { return }
        let now = WallClock.now()
        var notices: [Notice] = []
        if let ledgerFailure {
            notices.append(Notice(.ledger, at: now, "ledger failed: trading stopped, exit 3", [.init("error", "\(ledgerFailure)")]))
        }
        if let error, error is PositionMismatch || error is ReconciliationError {
            notices.append(Notice(.reconciliation, at: now, "refused to trade: the exchange does not match the ledger", [.init("error", "\(error)")]))
        }
        var fields: [Notice.Field] = [.init("exit", String(status))]
        if let error, notices.isEmpty { fields.append(.init("error", "\(error)")) }
        notices.append(Notice(.daemon, at: now, "stopped", fields))
        for report in notifier.deliverNow(notices, within: Self.lastWordsDeadline) where !report.delivered {
            logger.forPart("notify").warning("last notice not delivered", [
                "webhook": report.webhook, "host": report.host, "error": report.error ?? "",
            ])
        }
    }
}
