import StrategyKit

/// What `ReplayVenue` keeps of the latest book of a symbol: its sides, less the liquidity our
/// orders took since it arrived. Only the sides: a whole `BookSnapshot` would be one more copy
/// of the venue and symbol names and the book's times on every book.
struct ReplayVenueBook: Sendable {
    var symbol: Symbol
    /// Best (highest) first.
    var bids: [BookEntry]
    /// Best (lowest) first.
    var asks: [BookEntry]

    /// The side orders on `side` rest on.
    func entries(of side: Side) -> [BookEntry] { side == .buy ? bids : asks }
}
