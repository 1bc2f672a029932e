/// A service over something that is open rather than running (a recording file): it holds it
/// until cancelled, then calls `close`, whose error `run()` throws. In a group this puts the
/// closing in its place in the stop order: after every service started later has stopped.
public struct ClosingService: Service {
    let close: @Sendable () throws -> Void

    public init(close: @escaping @Sendable () throws -> Void) {
        self.close = close
    }

    public func run() async throws {
        await waitUntilCancelled()
        try close()
    }
}
