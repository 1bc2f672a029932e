import Glibc
import Lifecycle

/// The daemon's notifications: a `Service` holding one bounded queue and sender thread per
/// webhook (`WebhookChannel`).
///
/// `post` is the engine's side: it checks which webhooks want the notice's kind and queues it
/// for each, never waiting (a full queue drops its oldest message and counts it). Notices posted
/// before `run()` wait for it. Cancelled, `run()` gives the senders `drainTime` to deliver what
/// waits (one attempt each), then returns. What must be said after the group has stopped (the
/// daemon's exit, a ledger failure) goes through `deliverNow`, bounded by its deadline.
public final class Notifier: Service, Sendable {
    public let webhooks: [Webhook]
    public let policy: DeliveryPolicy
    /// Who is speaking, at the head of every message (e.g. `tickwork TESTEX/EXB123`).
    public let origin: String
    public let drainTime: Duration
    let channels: [WebhookChannel]
    /// One bit per `NoticeKind` some webhook wants, so an unwanted notice is never built.
    private let wanted: UInt32

    /// A notifier of `webhooks`; `log` hears every failure (it names hosts only, never a URL's
    /// path or query).
    public init(
        webhooks: [Webhook], policy: DeliveryPolicy = DeliveryPolicy(), origin: String, drainTime: Duration = .seconds(2),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.webhooks = webhooks
        self.policy = policy
        self.origin = origin
        self.drainTime = drainTime
        channels = webhooks.map { WebhookChannel($0, policy: policy, origin: origin, log: log) }
        wanted = webhooks.reduce(0) { mask, webhook in webhook.events.reduce(mask) { $0 | Self.bit($1) } }
    }

    /// Whether some webhook wants notices of `kind`: ask before building one.
    public func wants(_ kind: NoticeKind) -> Bool { wanted & Self.bit(kind) != 0 }

    /// Queues `notice` for every webhook that wants its kind; never waits.
    public func post(_ notice: Notice) {
        for channel in channels where channel.webhook.events.contains(notice.kind) {
            channel.enqueue(notice)
        }
    }

    /// Each webhook's figures, in configuration order.
    public var figures: [NotifyFigures] { channels.map(\.currentFigures) }

    /// Runs a sender thread per webhook until cancelled, then lets them drain for `drainTime`
    /// and returns by then: a sender still inside a request ends by itself after its time-out.
    public func run() async {
        let finish = CancellationGate()
        let running = Locked(channels.count)
        for channel in channels {
            OSThread.detach(name: "tickwork-notify") {
                channel.send()
                var last = false
                running.update {
                    $0 -= 1
                    last = $0 == 0
                }
                if last { finish.open() }
            }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { finish.park($0) }
        } onCancel: { [channels, drainTime] in
            let deadline = MonotonicClock.nanoseconds() + MonotonicClock.nanoseconds(of: drainTime)
            for channel in channels { channel.stop(drainingUntil: deadline) }
            // The cancelled task cannot sleep (`Task.sleep` throws at once), so a thread keeps the time.
            OSThread.detach(name: "tickwork-notify") {
                while case let now = MonotonicClock.nanoseconds(), now < deadline {
                    usleep(UInt32(min(deadline - now, 1_000_000) / 1_000))
                }
                finish.open()
            }
        }
    }

    private static func bit(_ kind: NoticeKind) -> UInt32 {
        1 << UInt32(NoticeKind.allCases.firstIndex(of: kind) ?? 0)
    }
}
