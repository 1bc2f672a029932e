/// One webhook as the notifier uses it: where, in which format, and which notices it wants.
public struct Webhook: Sendable, Hashable {
    /// A name for logs and `/metrics` (the configuration's `name`, else the URL's host).
    public var name: String
    public var url: WebhookURL
    public var format: WebhookFormat
    public var events: Set<NoticeKind>
    /// Fills are gathered for this long and sent as one message; nil sends each at once.
    public var fillBatch: Duration?
    /// Telegram's chat (`chat_id`); nil for the other formats.
    public var chatID: String?
    /// A PEM file of certificate authorities trusted for `https://` besides the system's.
    public var caFile: String?

    public init(
        name: String, url: WebhookURL, format: WebhookFormat, events: Set<NoticeKind> = Set(NoticeKind.allCases),
        fillBatch: Duration? = nil, chatID: String? = nil, caFile: String? = nil
    ) {
        self.name = name
        self.url = url
        self.format = format
        self.events = events
        self.fillBatch = fillBatch
        self.chatID = chatID
        self.caFile = caFile
    }
}
