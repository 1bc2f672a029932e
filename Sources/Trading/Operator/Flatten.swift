import Risk
import StrategyKit

/// An operator's flatten under way: which positions it closes, how many rounds of closing
/// orders it has sent, and until when it waits for the scope's open orders to close.
///
/// Each round waits until no open order of the scope (in the symbol, when one is named) is
/// left, then sizes a closing order from each position the portfolio then holds: a partial fill
/// that lands while a cancel is in flight is booked before the next order is sized, so a flatten
/// never closes more than is held.
struct Flatten {
    /// The strategies it closes: one, or every one (`account`).
    let scope: TradingScope
    /// The one symbol it closes; nil: all of them.
    let symbol: Symbol?
    /// The closing rounds sent so far.
    var rounds = 0
    /// When the wait for the scope's open orders to close gives up.
    var deadline: Timestamp
    /// The closing orders it sent, which it waits for rather than cancels.
    var sent: Set<ClientOrderID> = []

    /// The most rounds of closing orders before a flatten gives up and says what is left.
    static let maxRounds = 5
    /// How long one round waits for the scope's orders to close, in nanoseconds.
    static let roundWait: Int64 = 10_000_000_000

    init(scope: TradingScope, symbol: Symbol?, now: Timestamp) {
        self.scope = scope
        self.symbol = symbol
        deadline = Timestamp(nanoseconds: now.nanoseconds + Self.roundWait)
    }

    /// Whether the position or order of `strategy` in `symbol` is one this flatten closes.
    func covers(_ strategy: StrategyID, _ symbol: Symbol) -> Bool {
        if let only = self.symbol, only != symbol { return false }
        switch scope {
        case .account: return true
        case .strategy(let id): return id == strategy
        }
    }

    /// `scope`, with ` in SYMBOL` when one symbol is named.
    var description: String {
        symbol.map { "\(scope) in \($0)" } ?? scope.description
    }
}
