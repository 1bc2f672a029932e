import Ledger
import StrategyKit

extension LiveRunner {
    /// How long the emergency sweep keeps cancelling, by default: long enough for placements in
    /// flight to land and be cancelled, short enough that systemd's stop time-out is not reached.
    public static let emergencyWait: Duration = .seconds(10)

    /// The ledger failed while trading or reconciling: nothing more is placed, strategies are
    /// stopped, and every open order of the account is cancelled before the error goes up.
    /// Runs inside `run()`'s request group, so placements in flight keep going and `settled`
    /// sees them land.
    func ledgerEmergency(_ cause: LedgerError) async -> LiveRunnerError {
        // Strategies hear `stop`; the cancels it asks for are covered by the sweep.
        _ = engine.stop(at: now())
        let sweep = AccountSweep(broker: broker, venue: engine.venue, logger: logger)
        return await Self.ledgerEmergency(cause, sweep: sweep, wait: emergencyWait, notifier: notifier) { [placementsInFlight] in
            placementsInFlight.get() == 0
        }
    }

    /// The emergency itself, shared with start-up (where the ledger may fail before any runner
    /// exists): says why on the log and to systemd (`STATUS=`, `STOPPING=1`), runs `sweep` for at
    /// most `wait` (plus one broker call's time-out), and returns the error to exit with.
    public static func ledgerEmergency(
        _ cause: LedgerError, sweep: AccountSweep, wait: Duration, notifier: SystemdNotifier,
        settled: @escaping @Sendable () -> Bool = { true }
    ) async -> LiveRunnerError {
        sweep.logger.error("ledger failed: no new orders; cancelling every open order of the account", [
            "error": cause.description, "account": sweep.account.rawValue,
        ])
        notifier.send("STOPPING=1\nSTATUS=ledger failed: \(cause); cancelling every open order")
        let left = await sweep.run(wait: wait, settled: settled)
        let error = LiveRunnerError.ledgerFailed(cause, account: sweep.account, ordersLeftOpen: left)
        if left == 0 {
            sweep.logger.error("emergency stop: no order of the account is open", ["account": sweep.account.rawValue])
        } else {
            sweep.logger.error("emergency stop: orders may still be open", [
                "account": sweep.account.rawValue, "open": left.map(String.init) ?? "unknown",
            ])
        }
        notifier.status(error.description)
        return error
    }
}
