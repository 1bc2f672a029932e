import Foundation
import HTTP
import HTTPTesting
import Lifecycle
import Notify
import StrategyKit
import Testing
import TestSupport

/// The notifier against receivers on loopback: one that answers, one that never does, one that
/// is down and comes back, one that asks to be tried later.
@Suite(.timeLimit(.minutes(10))) struct NotifierDeliveryTests {
    /// Quick retries, so that a test of back-off takes milliseconds.
    static let quick = DeliveryPolicy(queueLimit: 16, timeout: .seconds(5), attempts: 1_000, firstBackoff: .milliseconds(10), maxBackoff: .milliseconds(40))

    /// How long a test waits for what a sender does: long, because the notifier's `run()` needs
    /// a thread of the concurrency pool to start, which the whole suite's blocking tests can hold
    /// for tens of seconds on a small machine.
    static let patience: TimeInterval = 180

    static func notice(_ number: Int, _ kind: NoticeKind = .tradingState) -> Notice {
        Notice(kind, at: Timestamp(nanoseconds: Int64(number)), "notice \(number)")
    }

    /// A notifier of one webhook at `url`, its log lines kept in `log`.
    static func notifier(
        _ url: String, format: WebhookFormat = .json, policy: DeliveryPolicy = quick, fillBatch: Duration? = nil,
        caFile: String? = nil, log: Locked<[String]> = Locked([])
    ) throws -> Notifier {
        let webhook = Webhook(
            name: "test", url: try #require(WebhookURL(url)), format: format, fillBatch: fillBatch, chatID: format == .telegram ? "1" : nil,
            caFile: caFile)
        return Notifier(webhooks: [webhook], policy: policy, origin: "tickwork T/A", drainTime: .milliseconds(200)) { line in
            log.update { $0.append(line) }
        }
    }

    /// Runs `notifier` while `body` runs, then stops it and waits for `run()` to return.
    static func running(_ notifier: Notifier, _ body: () async throws -> Void) async throws {
        let service = Task { await notifier.run() }
        defer { service.cancel() }
        try await body()
        service.cancel()
        await service.value
    }

    static func titles(_ request: HTTPRequest) -> [String] {
        let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        return (object?["notices"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test func eachPostedNoticeReachesTheReceiverOnceInOrder() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let notifier = try Self.notifier("http://\(receiver.address)/hook")
        try await Self.running(notifier) {
            for number in 1...3 { notifier.post(Self.notice(number)) }
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { receiver.received.count == 3 })
        }
        #expect(receiver.received.flatMap(Self.titles) == ["notice 1", "notice 2", "notice 3"])
        #expect(receiver.received.allSatisfy { $0.method == "POST" && $0.target == "/hook" && $0.headers["Content-Type"] == "application/json" })
        let figures = try #require(notifier.figures.first)
        #expect(figures.webhook == "test" && figures.sent == 3 && figures.failed == 0 && figures.dropped == 0 && figures.queued == 0)
    }

    @Test func aNoticeOfAKindNoWebhookWantsIsNeitherWantedNorQueued() throws {
        let webhook = Webhook(name: "w", url: try #require(WebhookURL("http://127.0.0.1:9/")), format: .json, events: [.ledger, .daemon])
        let notifier = Notifier(webhooks: [webhook], origin: "o") { _ in }
        #expect(notifier.wants(.ledger) && notifier.wants(.daemon))
        #expect(!notifier.wants(.fills) && !notifier.wants(.denials))
        notifier.post(Self.notice(1, .fills))
        #expect(notifier.figures[0].queued == 0)
    }

    @Test func postNeverWaitsOnAReceiverThatNeverAnswersAndDropsTheOldestPastTheBound() async throws {
        let silent = try SilentListener()
        defer { silent.stop() }
        let policy = DeliveryPolicy(queueLimit: 4, timeout: .seconds(60), attempts: 3, firstBackoff: .milliseconds(10))
        let notifier = try Self.notifier("http://\(silent.address)/", policy: policy)
        try await Self.running(notifier) {
            notifier.post(Self.notice(0))
            // The sender has taken the first notice and waits for an answer that never comes.
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].queued == 0 })
            for number in 1...50 { notifier.post(Self.notice(number)) }
            let figures = notifier.figures[0]
            #expect(figures.queued == 4)
            #expect(figures.dropped == 46)
            #expect(figures.sent == 0)
        }
    }

    @Test func aReceiverThatIsDownThenBackGetsTheNoticeOnce() async throws {
        // A port bound but not listening refuses connections: the receiver is down.
        let reserved = try #require(RawSocket.bindLoopback())
        let log = Locked<[String]>([])
        let notifier = try Self.notifier("http://127.0.0.1:\(reserved.port)/hook", log: log)
        try await Self.running(notifier) {
            notifier.post(Self.notice(1))
            try await Task.sleep(for: .milliseconds(200))
            #expect(notifier.figures[0].sent == 0)
            close(reserved.fd)
            let receiver = try WebhookReceiver(address: HTTPAddress(host: "127.0.0.1", port: reserved.port))
            defer { receiver.stop() }
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].sent == 1 })
            // Delivered once: nothing more arrives however long one waits.
            #expect(!(await SpawnedProcess.poll(upTo: 0.5) { receiver.received.count > 1 }))
            #expect(receiver.received.flatMap(Self.titles) == ["notice 1"])
        }
        #expect(notifier.figures[0].failed == 0)
        #expect(log.get().isEmpty, "\(log.get())")
    }

    @Test func serverErrorsAndTooManyRequestsAreTriedAgainHonouringRetryAfter() async throws {
        let receiver = try WebhookReceiver(script: [
            HTTPResponse(status: 503, headers: ["Retry-After": "0"]), HTTPResponse(status: 429, headers: ["Retry-After": "1"]),
            HTTPResponse(status: 500),
        ])
        defer { receiver.stop() }
        let notifier = try Self.notifier("http://\(receiver.address)/")
        try await Self.running(notifier) {
            notifier.post(Self.notice(1))
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].sent == 1 })
        }
        #expect(receiver.received.count == 4)
        #expect(notifier.figures[0].failed == 0)
    }

    @Test func aRefusalIsNotTriedAgainAndTheLogNamesTheHostNeverThePath() async throws {
        let receiver = try WebhookReceiver(script: [HTTPResponse(status: 404)])
        defer { receiver.stop() }
        let log = Locked<[String]>([])
        let notifier = try Self.notifier("http://\(receiver.address)/bot1234:SECRET/sendMessage?token=SECRET", format: .telegram, log: log)
        try await Self.running(notifier) {
            notifier.post(Self.notice(1))
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].failed == 1 })
        }
        #expect(receiver.received.count == 1)
        #expect(log.get().count == 1)
        #expect(log.get().allSatisfy { $0.contains("http://\(receiver.address)") && $0.contains("404") && !$0.contains("SECRET") })
    }

    @Test func anUnreachableWebhookIsGivenUpAfterItsAttemptsAndItsSecretNeverLogged() async throws {
        let reserved = try #require(RawSocket.bindLoopback())
        defer { close(reserved.fd) }
        let log = Locked<[String]>([])
        let policy = DeliveryPolicy(queueLimit: 4, timeout: .seconds(5), attempts: 3, firstBackoff: .milliseconds(10))
        let notifier = try Self.notifier("http://127.0.0.1:\(reserved.port)/services/T000/B000/SECRET", format: .slack, policy: policy, log: log)
        try await Self.running(notifier) {
            notifier.post(Self.notice(1))
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].failed == 1 })
        }
        let lines = log.get()
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.contains("127.0.0.1:\(reserved.port)") && $0.contains("3 time(s)") && !$0.contains("SECRET") }, "\(lines)")
    }

    @Test func fillsOfABatchingWebhookGoAsOneMessage() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let notifier = try Self.notifier("http://\(receiver.address)/", fillBatch: .milliseconds(300))
        try await Self.running(notifier) {
            for number in 1...5 { notifier.post(Self.notice(number, .fills)) }
            notifier.post(Self.notice(6, .ledger))
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { receiver.received.count == 2 })
        }
        // The ledger's notice does not wait for the batch; the five fills come as one.
        #expect(Set(receiver.received.map(Self.titles)) == [["notice 6"], ["notice 1", "notice 2", "notice 3", "notice 4", "notice 5"]])
        #expect(notifier.figures[0].sent == 2)
    }

    @Test func deliverNowReturnsByItsDeadlineWhenAReceiverNeverAnswers() throws {
        let silent = try SilentListener()
        defer { silent.stop() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let webhooks = [
            Webhook(name: "silent", url: try #require(WebhookURL("http://\(silent.address)/x")), format: .json),
            Webhook(name: "ok", url: try #require(WebhookURL("http://\(receiver.address)/y")), format: .slack),
        ]
        let notifier = Notifier(webhooks: webhooks, origin: "o") { _ in }
        let reports = notifier.deliverNow([Self.notice(1, .ledger), Self.notice(2, .daemon)], within: .milliseconds(500))
        #expect(reports.map(\.webhook) == ["silent", "ok"])
        #expect(reports[0].error != nil && reports[0].status == nil)
        #expect(reports[1].delivered && reports[1].status == 200)
        #expect(reports[1].kinds == [.ledger, .daemon])
        let text = (try JSONSerialization.jsonObject(with: Data(receiver.received[0].body)) as? [String: String])?["text"]
        #expect(text == "o: 2 notices\nnotice 1\nnotice 2")
    }

    @Test func anHTTPSWebhookIsDeliveredOverTLSWithItsCertificateVerified() async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let front = try TLSFront(backend: receiver.address, mode: .tls(try certificates.issue("hook", names: ["IP:127.0.0.1"])))
        defer { front.stop() }
        let notifier = try Self.notifier("https://\(front.address)/hook", caFile: certificates.caFile)
        try await Self.running(notifier) {
            notifier.post(Self.notice(1))
            #expect(await SpawnedProcess.poll(upTo: Self.patience) { notifier.figures[0].sent == 1 })
        }
        #expect(receiver.received.flatMap(Self.titles) == ["notice 1"])
        // Without the test authority the certificate is refused, and nothing is sent.
        let untrusting = try Self.notifier("https://\(front.address)/hook", policy: DeliveryPolicy(attempts: 1))
        let reports = untrusting.deliverNow([Self.notice(2)], within: .seconds(10))
        #expect(reports.first?.error?.contains("certificate") == true, "\(reports)")
        #expect(receiver.received.count == 1)
    }
}
