import StrategyKit

/// Why the matching engine refused an order. A refusal is a value: nothing was booked and no
/// order id was consumed.
public enum MatchingError: Error, Hashable, Sendable {
    /// The order's quantity was zero or negative; the API requires a positive `qty`.
    case nonPositiveQuantity(Quantity)
    /// A priced order (limit, fill-or-kill, immediate-or-cancel) carried a negative price.
    case negativePrice(Price)
    /// The exchange lists no book for this symbol.
    case unknownSymbol(Symbol)
}
