/// A service that returns once `duration` has passed (or when cancelled): in a group, with the
/// entry's `stopsGroupWhenFinished`, a time limit on the whole group (the daemon's `--duration`).
public struct Countdown: Service {
    let duration: Duration

    public init(_ duration: Duration) {
        self.duration = duration
    }

    public func run() async {
        // Cancellation ends the wait early, which is all it means here.
        _ = try? await Task.sleep(for: duration)
    }
}
