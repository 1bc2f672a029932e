import FoundationEssentials

/// A message an Alpaca stream's client sends: `auth`, `subscribe` and `unsubscribe` on the
/// market-data stream, `auth` (or the older `authenticate` with `data.key_id`) and `listen` on
/// the trading stream. Rare and small, so read with `JSONDecoder`; nil for anything that is not
/// a JSON object with a string `action`.
struct AlpacaStreamRequest: Decodable {
    struct Data: Decodable {
        var streams: [String]?
        var key_id: String?
        var secret_key: String?
    }

    var action: String
    var key: String?
    var secret: String?
    var trades: [String]?
    var quotes: [String]?
    var bars: [String]?
    var updatedBars: [String]?
    var dailyBars: [String]?
    var statuses: [String]?
    var data: Data?

    static func read(_ text: [UInt8]) -> AlpacaStreamRequest? {
        try? JSONDecoder().decode(AlpacaStreamRequest.self, from: FoundationEssentials.Data(text))
    }

    /// The symbols the message names on `channel`.
    func symbols(_ channel: AlpacaDataChannels.Channel) -> [String] {
        switch channel {
        case .trades: trades ?? []
        case .quotes: quotes ?? []
        case .bars: bars ?? []
        case .updatedBars: updatedBars ?? []
        case .dailyBars: dailyBars ?? []
        case .statuses: statuses ?? []
        }
    }
}
