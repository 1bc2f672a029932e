import StrategyKit

/// What `ReplayVenue` keeps of the latest book of a symbol: its sides, less the liquidity our
/// orders took since it arrived. Only the sides: a whole `BookSnapshot` is copied through its
/// value witnesses (a resilient module's type), which cost as much again on every book.
struct ReplayVenueBook: Sendable {
    var symbol: Symbol
    /// Best (highest) first.
    var bids: [BookEntry]
    /// Best (lowest) first.
    var asks: [BookEntry]

    /// The side orders on `side` rest on.
    func entries(of side: Side) -> [BookEntry] { side == .buy ? bids : asks }
}
