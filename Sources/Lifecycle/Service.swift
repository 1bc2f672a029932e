/// A long-running piece of the process (a server, a poller, the ledger's group commit, the
/// runner, signal handling): it works inside `run()` and returns from it when its task is
/// cancelled, having released what it holds. Nothing of a service outlives its `run()`: it starts
/// no task it does not await before returning.
///
/// A `ServiceGroup` runs services together: it calls each `run()` in order, and cancels them in
/// reverse order, giving each a grace period to return.
public protocol Service: Sendable {
    /// Does the service's work until the calling task is cancelled, then cleans up and returns.
    /// Throws when the service cannot go on; returning without cancellation means its work ended.
    func run() async throws
}
