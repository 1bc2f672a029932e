import Notify

/// The daemon's notifications (`notify`): off unless the configuration has a `notify` object.
public struct NotifySettings: Sendable, Hashable {
    public var webhooks: [WebhookSettings]
    /// The queue's bound, time-out and attempts of every webhook.
    public var policy = DeliveryPolicy()
    /// How many risk denials within `denialWindow` make a `denials` notice (one per window).
    public var denialThreshold = 20
    public var denialWindow: Duration = .seconds(60)

    public init(webhooks: [WebhookSettings]) {
        self.webhooks = webhooks
    }
}

/// One webhook as configured; its URL is found (from the environment or a file) when the
/// daemon starts.
public struct WebhookSettings: Sendable, Hashable {
    /// Where the URL comes from.
    public enum URLSource: Sendable, Hashable {
        /// Written in the configuration (`url`): fine for a receiver whose URL is no secret.
        case inline(WebhookURL)
        /// `urlEnv` or `urlFile`, found as the API keys are.
        case secret(APIKeySource)
    }

    /// The name in logs and `/metrics`; nil for the URL's host.
    public var name: String?
    public var url: URLSource
    public var format: WebhookFormat
    public var events: Set<NoticeKind>
    public var fillBatch: Duration?
    /// Telegram's `chat_id` (`chatId`), required with the `telegram` format and only there.
    public var chatID: String?
    /// A PEM file of certificate authorities trusted besides the system's (absolute once read).
    public var caFile: String?
}

extension Configuration {
    /// Reads the `notify` object, nil when absent.
    static func parseNotify(_ root: inout ConfigObject) throws(ConfigurationError) -> NotifySettings? {
        guard var object = try root.object("notify") else { return nil }
        guard let webhookObjects = try object.objects("webhooks"), !webhookObjects.isEmpty else {
            throw object.error("webhooks", "expected at least one webhook")
        }
        var webhooks: [WebhookSettings] = []
        for var webhook in webhookObjects {
            webhooks.append(try parseWebhook(&webhook))
        }
        var settings = NotifySettings(webhooks: webhooks)
        settings.policy.queueLimit = Int(try object.integer("queue", in: 1...100_000) ?? Int64(settings.policy.queueLimit))
        settings.policy.timeout = try object.duration("timeout", in: .milliseconds(100)...(.seconds(120))) ?? settings.policy.timeout
        settings.policy.attempts = Int(try object.integer("attempts", in: 1...100) ?? Int64(settings.policy.attempts))
        if var denials = try object.object("denials") {
            settings.denialThreshold = Int(try denials.integer("threshold", in: 1...1_000_000) ?? Int64(settings.denialThreshold))
            settings.denialWindow = try denials.duration("window", in: .seconds(1)...(.seconds(86_400))) ?? settings.denialWindow
            try denials.finish()
        }
        try object.finish()
        return settings
    }

    private static func parseWebhook(_ object: inout ConfigObject) throws(ConfigurationError) -> WebhookSettings {
        let url: WebhookSettings.URLSource
        switch (try object.string("url"), try object.string("urlEnv"), try object.string("urlFile")) {
        case (let text?, nil, nil):
            // The text is not repeated: it may hold a secret after all.
            guard let parsed = WebhookURL(text) else { throw object.error("url", "expected an http:// or https:// URL with a host") }
            url = .inline(parsed)
        case (nil, let name?, nil): url = .secret(.environment(name))
        case (nil, nil, let path?): url = .secret(.file(path))
        case (nil, nil, nil): throw object.error("url", "missing: set url, urlEnv or urlFile")
        default: throw object.error("url", "set one of url, urlEnv and urlFile")
        }
        guard let formatName = try object.string("format") else { throw object.error("format", "missing required key") }
        guard let format = WebhookFormat(rawValue: formatName) else {
            throw object.error("format", "expected one of \(WebhookFormat.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(formatName)\"")
        }
        var events = Set(NoticeKind.allCases)
        if let names = try object.strings("events") {
            events = []
            for (index, name) in names.enumerated() {
                guard let kind = NoticeKind(rawValue: name) else {
                    throw object.error("events[\(index)]", "expected one of \(NoticeKind.names), got \"\(name)\"")
                }
                events.insert(kind)
            }
            if events.isEmpty { throw object.error("events", "expected at least one event") }
        }
        let chatID = try object.string("chatId")
        if format == .telegram, chatID == nil { throw object.error("chatId", "the telegram format needs the chat's id") }
        if format != .telegram, chatID != nil { throw object.error("chatId", "only the telegram format takes a chat id") }
        let settings = WebhookSettings(
            name: try object.string("name"), url: url, format: format, events: events,
            fillBatch: try object.duration("fillBatch", in: .milliseconds(100)...(.seconds(3_600))), chatID: chatID,
            caFile: try object.string("caFile"))
        try object.finish()
        return settings
    }
}
