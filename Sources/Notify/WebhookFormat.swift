import StrategyKit
import Wire

/// The body a webhook is sent, always a JSON POST:
/// - `json`: `{"origin":..,"text":..,"notices":[{"event":..,"time":..,"title":..,"fields":{..}}]}`
/// - `slack`: `{"text":..}` (Slack's incoming webhooks, Mattermost, Rocket.Chat)
/// - `discord`: `{"content":..}` (cut to Discord's 2,000 characters)
/// - `telegram`: `{"chat_id":..,"text":..}` for the bot API's `sendMessage` (cut to its 4,096)
public enum WebhookFormat: String, Sendable, Hashable, CaseIterable {
    case json, slack, discord, telegram

    /// The body telling `notices` (one, or a batch of fills), from `origin` (which daemon);
    /// `chatID` is Telegram's chat.
    public func body(_ notices: [Notice], origin: String, chatID: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        switch self {
        case .json:
            writer.raw("{")
            writer.key("origin")
            writer.string(origin)
            writer.raw(",")
            writer.key("text")
            writer.string(Self.text(notices, origin: origin, limit: nil))
            writer.raw(",")
            writer.key("notices")
            writer.raw("[")
            for (index, notice) in notices.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.raw("{")
                writer.key("event")
                writer.string(notice.kind.rawValue)
                writer.raw(",")
                writer.key("time")
                writer.timestamp(notice.time)
                writer.raw(",")
                writer.key("title")
                writer.string(notice.title)
                writer.raw(",")
                writer.key("fields")
                writer.raw("{")
                for (offset, field) in notice.fields.enumerated() {
                    if offset > 0 { writer.raw(",") }
                    writer.string(field.name)
                    writer.raw(":")
                    writer.string(field.value)
                }
                writer.raw("}}")
            }
            writer.raw("]}")
        case .slack:
            writer.raw("{")
            writer.key("text")
            writer.string(Self.text(notices, origin: origin, limit: nil))
            writer.raw("}")
        case .discord:
            writer.raw("{")
            writer.key("content")
            writer.string(Self.text(notices, origin: origin, limit: 2_000))
            writer.raw("}")
        case .telegram:
            writer.raw("{")
            writer.key("chat_id")
            writer.string(chatID ?? "")
            writer.raw(",")
            writer.key("text")
            writer.string(Self.text(notices, origin: origin, limit: 4_096))
            writer.raw("}")
        }
        return writer.bytes
    }

    /// The chat message: `origin: line`, or for several notices a first line counting them and
    /// one line each; cut to `limit` characters with `…` when longer.
    static func text(_ notices: [Notice], origin: String, limit: Int?) -> String {
        var text: String
        if notices.count == 1 {
            text = "\(origin): \(notices[0].line)"
        } else {
            let kind = notices.allSatisfy { $0.kind == .fills } ? "fills" : "notices"
            text = "\(origin): \(notices.count) \(kind)"
            for notice in notices { text += "\n" + notice.line }
        }
        if let limit, text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }
}
