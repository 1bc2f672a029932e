/// What a webhook's queue has done since the daemon started, for `/metrics`.
public struct NotifyFigures: Sendable, Hashable {
    /// The webhook's name.
    public var webhook: String
    /// Messages the webhook accepted (2xx).
    public var sent: UInt64 = 0
    /// Messages given up on: refused, or failed `attempts` times.
    public var failed: UInt64 = 0
    /// Notices dropped, oldest first, because the queue was full.
    public var dropped: UInt64 = 0
    /// Notices waiting now.
    public var queued: Int = 0

    public init(webhook: String) {
        self.webhook = webhook
    }
}
