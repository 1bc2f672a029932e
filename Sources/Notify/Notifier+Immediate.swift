import Lifecycle

/// What one immediate delivery to one webhook came to.
public struct DeliveryReport: Sendable, Hashable {
    public var webhook: String
    /// The webhook's scheme and host: its URL is never shown whole.
    public var host: String
    public var kinds: [NoticeKind]
    /// The HTTP status, nil when none came.
    public var status: Int?
    /// Why it failed, nil when delivered.
    public var error: String?
    /// How long it took (up to the deadline when unanswered).
    public var elapsed: Duration

    public var delivered: Bool { error == nil }
}

extension Notifier {
    /// Sends `notices` now, one message per webhook that wants any of them, all webhooks at
    /// once, on threads of their own, and returns by `deadline` from now whatever happened: a
    /// webhook still unanswered then is reported as timed out and left behind (its thread ends
    /// with its request's time-out). One attempt each: for last words before the process exits,
    /// and for `tickwork notify test`.
    public func deliverNow(_ notices: [Notice], within deadline: Duration) -> [DeliveryReport] {
        let targets = webhooks.compactMap { webhook -> (Webhook, [Notice])? in
            let wanted = notices.filter { webhook.events.contains($0.kind) }
            return wanted.isEmpty ? nil : (webhook, wanted)
        }
        let start = MonotonicClock.nanoseconds()
        let end = start + MonotonicClock.nanoseconds(of: deadline)
        let results = Locked([Int: DeliveryReport]())
        let condition = ConditionLock()
        for (index, (webhook, wanted)) in targets.enumerated() {
            OSThread.detach(name: "tickwork-notify") { [origin] in
                let client = WebhookClient(webhook, timeout: deadline)
                let attempt = client.post(webhook.format.body(wanted, origin: origin, chatID: webhook.chatID))
                client.close()
                var report = DeliveryReport(
                    webhook: webhook.name, host: webhook.url.redacted, kinds: wanted.map(\.kind), status: nil, error: nil,
                    elapsed: .nanoseconds(Int64(clamping: MonotonicClock.nanoseconds() - start)))
                switch attempt {
                case .delivered(let status): report.status = status
                case .refused(let status): (report.status, report.error) = (status, "refused: HTTP \(status)")
                case .failed(let reason, _): report.error = reason
                }
                condition.lock()
                results.update { $0[index] = report }
                condition.signal()
                condition.unlock()
            }
        }
        condition.lock()
        while results.get().count < targets.count {
            let now = MonotonicClock.nanoseconds()
            guard now < end else { break }
            condition.wait(timeout: .nanoseconds(Int64(clamping: end - now)))
        }
        condition.unlock()
        let done = results.get()
        return targets.enumerated().map { index, target in
            done[index] ?? DeliveryReport(
                webhook: target.0.name, host: target.0.url.redacted, kinds: target.1.map(\.kind), status: nil,
                error: "no answer within \(deadline)", elapsed: deadline)
        }
    }
}
