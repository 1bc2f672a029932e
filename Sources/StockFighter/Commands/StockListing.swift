import StrategyKit

/// One stock a venue lists: its symbol and its long name.
public struct StockListing: Hashable, Sendable, Codable {
    public var symbol: Symbol
    public var name: String

    public init(symbol: Symbol, name: String) {
        self.symbol = symbol
        self.name = name
    }
}
