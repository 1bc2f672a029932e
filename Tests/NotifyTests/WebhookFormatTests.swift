import Foundation
@testable import Notify
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct WebhookFormatTests {
    static let fill = Notice(.fills, at: Timestamp(nanoseconds: 1_700_000_000_000_000_000), "fill: buy 100 FOOBAR @ 49.50", [
        .init("strategy", "mm"), .init("order", "7"),
    ])

    func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func jsonCarriesEachNoticeWithItsEventTimeTitleAndFields() throws {
        let body = try object(WebhookFormat.json.body([Self.fill], origin: "tickwork TESTEX/EXB1", chatID: nil))
        #expect(body["origin"] as? String == "tickwork TESTEX/EXB1")
        #expect(body["text"] as? String == "tickwork TESTEX/EXB1: fill: buy 100 FOOBAR @ 49.50 (strategy mm, order 7)")
        let notices = try #require(body["notices"] as? [[String: Any]])
        #expect(notices.count == 1)
        #expect(notices[0]["event"] as? String == "fills")
        #expect(notices[0]["time"] as? String == "2023-11-14T22:13:20.000000000Z")
        #expect(notices[0]["title"] as? String == "fill: buy 100 FOOBAR @ 49.50")
        #expect(notices[0]["fields"] as? [String: String] == ["strategy": "mm", "order": "7"])
    }

    @Test func slackDiscordAndTelegramCarryTheTextInTheirOwnKey() throws {
        let text = "tickwork X: fill: buy 100 FOOBAR @ 49.50 (strategy mm, order 7)"
        let slack = try object(WebhookFormat.slack.body([Self.fill], origin: "tickwork X", chatID: nil))
        #expect(slack as? [String: String] == ["text": text])
        let discord = try object(WebhookFormat.discord.body([Self.fill], origin: "tickwork X", chatID: nil))
        #expect(discord as? [String: String] == ["content": text])
        let telegram = try object(WebhookFormat.telegram.body([Self.fill], origin: "tickwork X", chatID: "-100123"))
        #expect(telegram as? [String: String] == ["chat_id": "-100123", "text": text])
    }

    @Test func aBatchCountsItsNoticesAndGivesALineEach() throws {
        let batch = [Self.fill, Self.fill, Self.fill]
        let slack = try object(WebhookFormat.slack.body(batch, origin: "tickwork X", chatID: nil))
        let lines = (slack["text"] as? String ?? "").split(separator: "\n")
        #expect(lines.first == "tickwork X: 3 fills")
        #expect(lines.count == 4)
        let json = try object(WebhookFormat.json.body(batch, origin: "tickwork X", chatID: nil))
        #expect((json["notices"] as? [Any])?.count == 3)
    }

    @Test func discordsTextIsCutToItsLimit() throws {
        let long = Notice(.daemon, at: .zero, String(repeating: "x", count: 5_000))
        let discord = try object(WebhookFormat.discord.body([long], origin: "o", chatID: nil))
        let text = try #require(discord["content"] as? String)
        #expect(text.count == 2_000)
        #expect(text.hasSuffix("…"))
    }

    @Test func aURLIsShownAsItsSchemeAndHostOnly() throws {
        let telegram = try #require(WebhookURL("https://api.telegram.org/bot123456:SECRET-token/sendMessage"))
        #expect(telegram.secure)
        #expect(telegram.address.host == "api.telegram.org" && telegram.address.port == 443)
        #expect(telegram.target == "/bot123456:SECRET-token/sendMessage")
        #expect(telegram.redacted == "https://api.telegram.org")
        #expect("\(telegram)" == "https://api.telegram.org")
        let webhook = Webhook(name: "t", url: telegram, format: .telegram, chatID: "1")
        var dumped = ""
        dump(webhook, to: &dumped)
        for shown in ["\(webhook)", String(reflecting: webhook), String(reflecting: telegram), dumped] {
            #expect(shown.contains("api.telegram.org") && !shown.contains("SECRET"), "\(shown)")
        }
        let local = try #require(WebhookURL("http://127.0.0.1:9000?key=SECRET"))
        #expect(local.target == "/?key=SECRET")
        #expect("\(local)" == "http://127.0.0.1:9000")
        let v6 = try #require(WebhookURL("http://[::1]:8080/hook"))
        #expect(v6.address.host == "::1" && v6.address.port == 8080)
        #expect(v6.redacted == "http://[::1]:8080")
    }

    @Test(arguments: ["ftp://host/x", "https://", "https:///path", "https://user:pw@host/x", "https://host:99999/", "hooks.slack.com/x"])
    func aURLThatIsNotAnHTTPOneWithAHostIsRefused(_ text: String) {
        #expect(WebhookURL(text) == nil)
    }
}

@Suite(.timeLimit(.minutes(10))) struct DenialRateTests {
    func at(_ milliseconds: Int64) -> Timestamp { Timestamp(nanoseconds: milliseconds * 1_000_000) }

    @Test func aWindowReachingTheThresholdIsToldOnceThenANewWindowAgain() {
        var rate = DenialRate(threshold: 3, window: .seconds(1))
        #expect(rate.note(at: at(0)) == nil)
        #expect(rate.note(at: at(10)) == nil)
        #expect(rate.note(at: at(20)) == 3)
        #expect(rate.note(at: at(30)) == nil)
        #expect(rate.note(at: at(999)) == nil)
        // A new window starts with the first denial after the last one ended.
        #expect(rate.note(at: at(1_000)) == nil)
        #expect(rate.note(at: at(1_001)) == nil)
        #expect(rate.note(at: at(1_002)) == 3)
    }

    @Test func denialsSpreadWiderThanTheWindowAreNeverTold() {
        var rate = DenialRate(threshold: 2, window: .milliseconds(100))
        for step in 0..<10 {
            #expect(rate.note(at: at(Int64(step) * 150)) == nil)
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct DeliveryPolicyTests {
    @Test func backOffDoublesFromTheFirstWaitUpToTheMostAndRetryAfterIsHonouredUpToIt() {
        let policy = DeliveryPolicy(firstBackoff: .seconds(1), maxBackoff: .seconds(60))
        #expect((1...8).map { policy.backoff(after: $0, retryAfter: nil) } == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
        #expect(policy.backoff(after: 1, retryAfter: .seconds(30)) == .seconds(30))
        #expect(policy.backoff(after: 5, retryAfter: .zero) == .zero)
        #expect(policy.backoff(after: 1, retryAfter: .seconds(3_600)) == .seconds(60))
    }
}
