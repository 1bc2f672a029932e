import StrategyKit

/// What one Alpaca market-data session subscribes to: the symbols of each channel, `*` for all
/// of them. Only `trades`, `quotes` and `bars` carry messages here; `updatedBars`, `dailyBars`
/// and `statuses` are kept and answered as Alpaca answers them, but the exchange never sends
/// such messages (its bars never change after they close, and it halts no stock).
public struct AlpacaDataChannels: Hashable, Sendable {
    /// A channel, named as in `subscribe` messages.
    public enum Channel: String, CaseIterable, Sendable {
        case trades, quotes, bars, updatedBars, dailyBars, statuses
    }

    private var symbols: [Channel: [String]] = [:]

    public init() {}

    /// The symbols subscribed on `channel`, in the order first subscribed.
    public func symbols(_ channel: Channel) -> [String] { symbols[channel] ?? [] }

    /// Whether `channel` carries `symbol`'s messages.
    func carries(_ channel: Channel, _ symbol: Symbol) -> Bool {
        guard let list = symbols[channel] else { return false }
        return list.contains("*") || list.contains(symbol.rawValue)
    }

    /// The distinct symbols over every channel, `*` counting as one: what the symbol limit counts.
    public var symbolCount: Int { Set(symbols.values.joined()).count }

    /// Adds `added` to `channel`, each symbol once.
    mutating func subscribe(_ added: [String], to channel: Channel) {
        for symbol in added where !symbols(channel).contains(symbol) { symbols[channel, default: []].append(symbol) }
    }

    /// Takes `removed` off `channel`.
    mutating func unsubscribe(_ removed: [String], from channel: Channel) {
        symbols[channel]?.removeAll { removed.contains($0) }
    }
}
