import History
import Ledger
import Lifecycle
import Live
import SimulatedMarket

#if canImport(Glibc)
import Glibc
#endif

extension Daemon {
    /// How long the runner has to stop once asked: its own shutdown waits at most `cancelWait`
    /// (5 s) for cancels, a ledger emergency at most `LiveRunner.emergencyWait` (10 s) plus an
    /// exchange call's time-out.
    static let runnerGracePeriod: Duration = .seconds(30)

    /// The daemon's services in start order; the group stops them in reverse: the runner first
    /// (it cancels the open orders), then the recording and the ledger (made durable and
    /// closed), the embedded exchange, and the SIGHUP handler last. SIGTERM and SIGINT are the
    /// group's own; the runner logs their name as its stop reason. `trade` adds the notifier,
    /// the monitor, the control socket and, after the runner, the EDGAR poller (`edgarPoller`).
    func services(
        _ ownServer: VenueServer?, _ ledger: LedgerWriter, _ recorder: LiveSessionRecorder?, _ runner: LiveRunner, _ duration: Duration?,
        _ historyFlow: HistoryFlow
    ) -> [ServiceGroup.Entry] {
        let inbox = runner.inbox
        var entries: [ServiceGroup.Entry] = [.init("signals", SignalService(signals: [SIGHUP]) { _ in inbox.post(.reload) })]
        if let ownServer {
            entries.append(.init("exchange", ownServer))
        }
        entries.append(.init("ledger", ledger))
        // Stops before the ledger closes; follows the file, so the engine never waits for it, and
        // drains the order flow the engine offers to `historyFlow`. A history that fails is
        // logged and left to the next start: it never stops the trading.
        let syncs = configuration.ledger.fsync != .never
        let durable: @Sendable () -> UInt64 = { syncs ? ledger.durableSequence : UInt64.max }
        let historyLogger = logger.forPart("history")
        entries.append(.init("history", HistoryWriter(
            path: configuration.historyPath, ledger: configuration.ledger.path, durableSequence: durable, flow: historyFlow,
            report: { historyLogger.warning($0) }), stopsGroupWhenFinished: false))
        if let recorder {
            // Closed only once the runner, its one other user, has stopped.
            nonisolated(unsafe) let recorder = recorder
            entries.append(.init("recording", ClosingService { try recorder.close() }))
        }
        if let duration {
            entries.append(.init("--duration", Countdown(duration)))
        }
        entries.append(.init("engine", runner, gracePeriod: Self.runnerGracePeriod))
        return entries
    }

    /// The reason the runner logs when the group stops it: the signal's name (`SIGTERM`,
    /// `SIGINT`), `--duration elapsed`, `<service> finished`, or `cancelled` outside the group.
    static func stopReason(_ cause: StopCause?) -> String {
        switch cause {
        case .finished(service: "--duration")?: return "--duration elapsed"
        case let cause?: return cause.description
        case nil: return "cancelled"
        }
    }

    /// The exit status of a run of the group: 0 after a clean stop, `ledgerFailureStatus`
    /// when the runner met a ledger failure (what else failed to close is then only logged);
    /// any other failure is thrown (the CLI exits 1 with it), and a service that did not stop in
    /// time makes it 1.
    func exitStatus(_ report: ServiceGroupReport) throws -> Int32 {
        for service in report.overran {
            logger.error("did not stop in time", ["service": service])
        }
        if let runnerError = report.error(of: "engine") as? LiveRunnerError {
            // The ledger already failed: closing it (and the recording) may fail again.
            if let error = report.error(of: "recording") {
                logger.error("recording not closed", ["error": "\(error)"])
            }
            if let error = report.error(of: "ledger") {
                logger.forPart("ledger").error("close failed", ["error": "\(error)"])
            }
            return ledgerFailed(runnerError)
        }
        if let failure = report.error(of: "engine") ?? report.failures.first?.error {
            throw failure
        }
        return report.overran.isEmpty ? 0 : 1
    }
}
