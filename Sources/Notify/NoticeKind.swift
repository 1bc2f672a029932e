/// What a notice is about; a webhook lists the kinds it wants (`notify.webhooks[].events` in the
/// configuration, by these raw values).
public enum NoticeKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A fill the ledger has taken (batched per `fillBatch` when a webhook asks).
    case fills
    /// An order the exchange rejected.
    case rejections
    /// A scope's trading state changed (halted, reduce-only, resumed) for any reason but a loss limit.
    case tradingState
    /// A loss limit halted or restricted a scope.
    case lossLimit
    /// Risk denials past the configured rate (one notice per window).
    case denials
    /// The daemon started, or stopped with its exit code.
    case daemon
    /// Start-up refused to trade: the broker's positions or orders do not match the ledger.
    case reconciliation
    /// The ledger cannot be written: the daemon cancels every order and exits 3.
    case ledger

    /// The kinds in a comma-separated list, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
