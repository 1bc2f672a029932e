/// Handles Unix signals that do not stop the process (the daemon's SIGHUP, which reloads its
/// configuration): from shortly after `run()` starts until its cancellation, each arriving signal
/// calls the handler, on a queue of its own. The signals' default actions are off meanwhile and
/// restored when `run()` returns. (The signals that stop the process are the group's own:
/// `ServiceGroup`'s `shutdownSignals`.)
public struct SignalService: Service {
    let signals: [Int32]
    let handler: @Sendable (Int32) -> Void

    /// A service that calls `handler` with the number of each of `signals` that arrives.
    public init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        self.handler = handler
    }

    public func run() async {
        let source = SignalSource(signals: signals, label: "tickwork.signals", handler: handler)
        await waitUntilCancelled()
        source.cancel()
    }
}
