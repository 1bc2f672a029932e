import Foundation
import Live
import Notify
import Testing

/// The `notify` object of a configuration: its webhooks, their URL sources, formats and events,
/// durations with units, and errors that name the field at fault.
@Suite(.timeLimit(.minutes(10))) struct NotifySettingsTests {
    static func parse(_ notify: Any) throws -> Configuration {
        let data = try ConfigurationTests().document { $0["notify"] = notify }
        return try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
    }

    /// The key path and message of the error `notify` makes.
    static func error(_ notify: Any) throws -> ConfigurationError? {
        ConfigurationTests().error(try ConfigurationTests().document { $0["notify"] = notify })
    }

    @Test func notificationsAreOffUnlessConfigured() throws {
        let data = try ConfigurationTests().document { _ in }
        #expect(try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork").notify == nil)
    }

    @Test func aWebhookReadsItsURLSourceFormatEventsBatchAndTheDefaults() throws {
        let settings = try #require(try Self.parse([
            "webhooks": [
                ["name": "ops", "urlEnv": "SLACK_URL", "format": "slack", "events": ["lossLimit", "ledger"], "fillBatch": "10s"],
                ["url": "http://127.0.0.1:9000/hook", "format": "json"],
                ["urlFile": "telegram-url", "format": "telegram", "chatId": "-100", "caFile": "ca.pem"],
            ],
            "timeout": "500ms", "attempts": 3, "queue": 64, "denials": ["threshold": 5, "window": "2m"],
        ]).notify)
        #expect(settings.webhooks.count == 3)
        #expect(settings.webhooks[0].name == "ops")
        #expect(settings.webhooks[0].url == .secret(.environment("SLACK_URL")))
        #expect(settings.webhooks[0].format == .slack)
        #expect(settings.webhooks[0].events == [.lossLimit, .ledger])
        #expect(settings.webhooks[0].fillBatch == .seconds(10))
        #expect(settings.webhooks[1].url == .inline(try #require(WebhookURL("http://127.0.0.1:9000/hook"))))
        #expect(settings.webhooks[1].events == Set(NoticeKind.allCases))
        #expect(settings.webhooks[1].fillBatch == nil)
        #expect(settings.webhooks[2].url == .secret(.file("telegram-url")))
        #expect(settings.webhooks[2].chatID == "-100")
        #expect(settings.webhooks[2].caFile == "/etc/tickwork/ca.pem")
        #expect(settings.policy.timeout == .milliseconds(500))
        #expect(settings.policy.attempts == 3 && settings.policy.queueLimit == 64)
        #expect(settings.denialThreshold == 5 && settings.denialWindow == .seconds(120))
    }

    @Test(arguments: [
        (#"{}"#, "notify.webhooks", "at least one"),
        (#"{"webhooks": [{"format": "json"}]}"#, "notify.webhooks[0].url", "missing"),
        (#"{"webhooks": [{"url": "ftp://x/", "format": "json"}]}"#, "notify.webhooks[0].url", "http://"),
        (#"{"webhooks": [{"url": "http://h/", "urlEnv": "U", "format": "json"}]}"#, "notify.webhooks[0].url", "one of"),
        (#"{"webhooks": [{"url": "http://h/"}]}"#, "notify.webhooks[0].format", "missing"),
        (#"{"webhooks": [{"url": "http://h/", "format": "teams"}]}"#, "notify.webhooks[0].format", "slack"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "events": ["fills", "fill"]}]}"#, "notify.webhooks[0].events[1]", "lossLimit"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "events": []}]}"#, "notify.webhooks[0].events", "at least one"),
        (#"{"webhooks": [{"url": "http://h/", "format": "telegram"}]}"#, "notify.webhooks[0].chatId", "telegram"),
        (#"{"webhooks": [{"url": "http://h/", "format": "slack", "chatId": "1"}]}"#, "notify.webhooks[0].chatId", "only"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "fillBatch": 10}]}"#, "notify.webhooks[0].fillBatch", "10s"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "fillBatch": "10 s"}]}"#, "notify.webhooks[0].fillBatch", "unit"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "fillBatch": "2h"}]}"#, "notify.webhooks[0].fillBatch", "1h"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json", "secret": "x"}]}"#, "notify.webhooks[0].secret", "unknown"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json"}], "timeout": "5"}"#, "notify.timeout", "unit"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json"}], "attempts": 0}"#, "notify.attempts", "1...100"),
        (#"{"webhooks": [{"url": "http://h/", "format": "json"}], "denials": {"window": "0s"}}"#, "notify.denials.window", "duration"),
    ])
    func aWrongFieldIsRefusedNamingIt(notify: String, keyPath: String, words: String) throws {
        let error = try #require(try Self.error(try JSONSerialization.jsonObject(with: Data(notify.utf8))))
        #expect(error.keyPath == keyPath, "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }
}
