import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Unix signals turned into calls of a handler on a queue of its own (never inside a signal
/// handler), through Dispatch signal sources. While it listens, the signals' default actions
/// are off (the process ignores them, so a SIGTERM no longer ends it); `cancel()` stops
/// listening and restores the default actions. A signal that `EarlySignals` blocked from the
/// start of the process and that arrived before the source listened reaches the handler too.
public final class SignalSource {
    private let signals: [Int32]
    private let sources: [any DispatchSourceSignal]
    private let registered = DispatchGroup()

    /// Starts listening for `signals`; `handler` gets each one's number as it arrives.
    public init(signals: [Int32], label: String, handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: label)
        let registered = registered
        self.signals = signals
        sources = signals.map { number in
            // Ignored first, so that the default action (ending the process) cannot happen
            // before the source sees the signal; but not one blocked from the start, which
            // waits pending for the source, and which ignoring would throw away.
            if !EarlySignals.isBlocked(number) { signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
    }

    /// Returns once every source listens: a signal sent after this reaches the handler (one
    /// sent before may be lost, the process ignoring it, unless `EarlySignals` blocked it).
    func armed() async {
        await withCheckedContinuation { continuation in
            registered.notify(queue: .global()) { continuation.resume() }
        }
    }

    /// Stops listening and restores the signals' default actions.
    public func cancel() {
        for source in sources {
            source.cancel()
        }
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}
