import Lifecycle
import Live

/// `LiveRunner.run()` as the daemon's last service, until the runner is a `Service` itself: the
/// runner runs on a thread of its own (it blocks on its inbox), and the group's cancellation
/// reaches it as a `stop` message naming the group's reason (`SIGTERM`, `SIGINT`, `--duration
/// elapsed`), which the runner logs.
struct RunnerService: Service, @unchecked Sendable {
    // Unchecked: the runner is touched only by the thread that runs it; the cancellation
    // handler touches only its inbox, which is Sendable.
    let runner: LiveRunner

    func run() async throws {
        nonisolated(unsafe) let runner = runner
        let inbox = runner.inbox
        let blocking = BlockingService(name: "tickwork-engine", body: { try runner.run() }) { cause in
            inbox.post(.stop(Self.stopReason(cause)))
        }
        try await blocking.run()
    }

    /// The reason the runner logs for `cause`.
    static func stopReason(_ cause: StopCause?) -> String {
        switch cause {
        case .finished(service: "--duration")?: return "--duration elapsed"
        case let cause?: return cause.description
        case nil: return "cancelled"
        }
    }
}
