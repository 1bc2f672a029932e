import StrategyKit

/// What the engine keeps of a symbol it has had a book of, found by comparing names rather than
/// hashing them: an engine trades a handful of symbols.
struct SymbolSlot {
    let symbol: Symbol
    /// The latest book fed.
    var book: BookSnapshot
    /// The mid the portfolio was last marked to (the latest two-sided book's); nil before one.
    var mark: Price?
    /// The indices of the slots of the strategies trading the symbol, in slot order.
    var subscribers: [Int]
}
