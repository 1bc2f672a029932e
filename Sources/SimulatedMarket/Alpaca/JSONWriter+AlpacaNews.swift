import StrategyKit
import Wire

extension JSONWriter {
    /// A news article; `content` is empty unless asked for.
    mutating func alpacaNewsItem(_ item: AlpacaNews.Item, content: Bool) {
        raw("{")
        intMember("id", item.id)
        stringMember("headline", item.headline)
        stringMember("author", "Tickwork simulated exchange")
        timeMember("created_at", item.time)
        timeMember("updated_at", item.time)
        stringMember("summary", item.summary)
        stringMember("content", content ? "<p>\(item.summary)</p>" : "")
        stringMember("url", "https://news.tickwork.invalid/simulated/\(item.id)")
        member("images")
        raw("[]")
        member("symbols")
        raw("[")
        string(item.symbol.rawValue)
        raw("]")
        stringMember("source", "tickwork-simulated")
        raw("}")
    }
}
