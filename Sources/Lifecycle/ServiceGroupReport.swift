/// What happened to a `ServiceGroup`'s run: why it stopped, which services threw and which did
/// not stop in time.
public struct ServiceGroupReport: Sendable {
    /// A service that threw, and what.
    public struct Failure: Sendable {
        public var service: String
        public var error: any Error
    }

    /// What stopped the group.
    public var cause: StopCause
    /// The services that threw, while running or while stopping, in the order they ended.
    public var failures: [Failure] = []
    /// The services still running when their grace period ended, in the order they were
    /// cancelled: they were left running (Swift cannot end a task that ignores cancellation),
    /// and what they hold may not be released before the process exits.
    public var overran: [String] = []

    /// The error the named service threw, if it threw.
    public func error(of service: String) -> (any Error)? {
        failures.first { $0.service == service }?.error
    }
}
