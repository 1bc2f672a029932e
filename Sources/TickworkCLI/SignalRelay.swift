import Dispatch
import Live

#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGTERM and SIGINT into a `stop` message and SIGHUP into `reload`, delivered through
/// the runner's inbox (never handled inside a signal handler).
final class SignalRelay {
    private let sources: [DispatchSourceSignal]

    init(inbox: Inbox<LiveRunner.Message>) {
        let queue = DispatchQueue(label: "tickwork.signals")
        let wanted: [(Int32, LiveRunner.Message)] = [
            (SIGTERM, .stop("SIGTERM")), (SIGINT, .stop("SIGINT")), (SIGHUP, .reload),
        ]
        sources = wanted.map { signalNumber, message in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { inbox.post(message) }
            source.resume()
            return source
        }
    }

    /// Stops listening and restores the default dispositions.
    func cancel() {
        for source in sources {
            source.cancel()
        }
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber, SIG_DFL)
        }
    }
}
