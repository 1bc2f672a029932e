import StrategyKit

/// A venue and the stocks it lists.
public struct VenueListing: Sendable, Hashable {
    public var venue: Venue
    /// The stocks, in the order the stocks call lists them.
    public var stocks: [ListedStock]

    /// A venue listing these stocks.
    public init(venue: Venue, stocks: [ListedStock]) {
        self.venue = venue
        self.stocks = stocks
    }

    /// The practice venue every StockFighter server has: `TESTEX` listing `FOOBAR`.
    public static let testExchange = VenueListing(
        venue: "TESTEX", stocks: [ListedStock(symbol: "FOOBAR", name: "Foreign Owned Occluded Bridge Architecture Resources")])
}
