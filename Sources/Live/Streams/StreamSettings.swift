/// How the live runner uses a venue's push stream (`exchange.stream`): the slow polling kept
/// while the stream is trusted, the silence after which it is replaced, and the back-off between
/// connections.
public struct StreamSettings: Sendable {
    /// How often books, trades and orders are still polled while the stream is trusted, to
    /// catch what it missed (`exchange.streamSafetyPollMs`).
    public var safetyPollInterval: Duration
    /// How long the stream may say nothing (no event, no keep-alive) before it is taken as
    /// stalled, closed and replaced (`exchange.streamStallMs`).
    public var stallTimeout: Duration
    /// The first wait before reconnecting; each failure since the last trusted connection
    /// doubles it, up to `maximumBackoff`.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    /// How far each wait is moved at random, in percent either way, so that many daemons do not
    /// reconnect together.
    public var jitterPercent: Int64
    /// A number in the range given, at random (injected by tests).
    public var random: @Sendable (ClosedRange<Int64>) -> Int64

    public init(
        safetyPollInterval: Duration, stallTimeout: Duration, initialBackoff: Duration = .milliseconds(500),
        maximumBackoff: Duration = .seconds(30), jitterPercent: Int64 = 25,
        random: @escaping @Sendable (ClosedRange<Int64>) -> Int64 = { Int64.random(in: $0) }
    ) {
        self.safetyPollInterval = safetyPollInterval
        self.stallTimeout = stallTimeout
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.jitterPercent = jitterPercent
        self.random = random
    }
}
