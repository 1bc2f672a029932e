import StrategyKit

/// What a quote was priced from: the reference price and the position when it was placed (or
/// last confirmed). A quote is reconsidered when either has changed enough.
struct QuoteAnchor: Hashable, Sendable {
    var reference: Price
    var position: Quantity
}
