import Lifecycle

/// One webhook's bounded queue and the thread that empties it.
///
/// `enqueue` never waits beyond the lock's few instructions: past `policy.queueLimit` waiting
/// messages the oldest is dropped and counted. The sender thread takes one message at a time
/// and tries it (`WebhookClient`) up to `policy.attempts` times, backing off between attempts;
/// fills, when the webhook batches them, gather for `fillBatch` and go as one message. Stopped,
/// the thread keeps delivering what waits until `drainDeadline`, making one attempt each, then
/// ends. Every property below `condition` is guarded by its lock.
final class WebhookChannel: @unchecked Sendable {
    let webhook: Webhook
    let policy: DeliveryPolicy
    let origin: String
    let client: WebhookClient
    let log: @Sendable (String) -> Void
    private let condition = ConditionLock()
    private var queue: [[Notice]] = []
    private var fills: [Notice] = []
    /// When the oldest fill of `fills` arrived (monotonic nanoseconds).
    private var fillsSince: UInt64 = 0
    private var figures: NotifyFigures
    /// When a stopping sender gives up on what still waits; nil while running.
    private var drainDeadline: UInt64?

    init(_ webhook: Webhook, policy: DeliveryPolicy, origin: String, log: @escaping @Sendable (String) -> Void) {
        self.webhook = webhook
        self.policy = policy
        self.origin = origin
        self.log = log
        client = WebhookClient(webhook, timeout: policy.timeout)
        figures = NotifyFigures(webhook: webhook.name)
    }

    /// Queues `notice`, dropping the oldest message when full.
    func enqueue(_ notice: Notice) {
        condition.lock()
        defer { condition.unlock() }
        if notice.kind == .fills, webhook.fillBatch != nil {
            if fills.isEmpty { fillsSince = MonotonicClock.nanoseconds() }
            if fills.count >= policy.queueLimit {
                fills.removeFirst()
                figures.dropped += 1
            }
            fills.append(notice)
        } else {
            if queue.count >= policy.queueLimit {
                figures.dropped += UInt64(queue.removeFirst().count)
            }
            queue.append([notice])
        }
        condition.signal()
    }

    var currentFigures: NotifyFigures {
        condition.lock()
        defer { condition.unlock() }
        var figures = figures
        figures.queued = queue.reduce(0) { $0 + $1.count } + fills.count
        return figures
    }

    /// Asks the sender to deliver what waits until `deadline` (monotonic nanoseconds), then end.
    func stop(drainingUntil deadline: UInt64) {
        condition.lock()
        drainDeadline = deadline
        condition.broadcast()
        condition.unlock()
    }

    /// The sender thread's loop; returns once stopped and drained (or out of time).
    func send() {
        while let message = next() {
            deliver(message)
        }
        client.close()
    }

    /// The next message to send, waiting for one; nil once stopped with nothing left or past the
    /// drain deadline.
    private func next() -> [Notice]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let now = MonotonicClock.nanoseconds()
            if let deadline = drainDeadline, now >= deadline { return nil }
            // What waits in the queue goes first: a halt matters more than a batch of fills.
            if !queue.isEmpty { return queue.removeFirst() }
            let batchDue = webhook.fillBatch.map { fillsSince + MonotonicClock.nanoseconds(of: $0) } ?? 0
            if !fills.isEmpty, drainDeadline != nil || now >= batchDue {
                defer { fills.removeAll(keepingCapacity: true) }
                return fills
            }
            if drainDeadline != nil && fills.isEmpty { return nil }
            let wake = fills.isEmpty ? drainDeadline : min(batchDue, drainDeadline ?? .max)
            if let wake {
                _ = condition.wait(timeout: .nanoseconds(Int64(clamping: wake - min(wake, now))))
            } else {
                condition.wait()
            }
        }
    }

    /// Tries `message` until delivered, refused, out of attempts or (stopping) out of time.
    private func deliver(_ message: [Notice]) {
        let body = webhook.format.body(message, origin: origin, chatID: webhook.chatID)
        var attempt = 1
        while true {
            switch client.post(body) {
            case .delivered:
                count { $0.sent += 1 }
                return
            case .refused(let status):
                log("webhook \(webhook.name) (\(webhook.url.redacted)) refused a notice: HTTP \(status); not sent again")
                count { $0.failed += 1 }
                return
            case let .failed(reason, retryAfter):
                let wait = policy.backoff(after: attempt, retryAfter: retryAfter)
                guard attempt < policy.attempts, waitUnlessStopping(wait) else {
                    log("webhook \(webhook.name) (\(webhook.url.redacted)) failed \(attempt) time(s), given up: \(reason)")
                    count { $0.failed += 1 }
                    return
                }
                attempt += 1
            }
        }
    }

    /// Waits `duration`; false (at once) when the channel is stopping, whose drain makes one
    /// attempt per message.
    private func waitUnlessStopping(_ duration: Duration) -> Bool {
        let end = MonotonicClock.nanoseconds() + MonotonicClock.nanoseconds(of: duration)
        condition.lock()
        defer { condition.unlock() }
        while drainDeadline == nil {
            let now = MonotonicClock.nanoseconds()
            if now >= end { return true }
            _ = condition.wait(timeout: .nanoseconds(Int64(clamping: end - now)))
        }
        return false
    }

    private func count(_ change: (inout NotifyFigures) -> Void) {
        condition.lock()
        change(&figures)
        condition.unlock()
    }
}
