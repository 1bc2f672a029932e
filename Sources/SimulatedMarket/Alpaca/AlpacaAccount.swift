import StrategyKit

/// An account's state on the Alpaca side of the exchange: cash, positions, orders by client id,
/// and fills in the order they happened.
struct AlpacaAccount {
    /// A long position: shares and what they cost (the average entry price's numerator).
    struct Position {
        var qty: Quantity = .zero
        var costBasis: Money = .zero
    }

    let name: Account
    let createdAt: Timestamp
    var cash: Money
    var positions: [Symbol: Position] = [:]
    /// Every order's id, oldest first.
    var orders: [OrderID] = []
    var orderOfClientID: [String: OrderID] = [:]
    var activities: [AlpacaFillActivity] = []
    /// The requests counted in the current rate-limit window, and which window that is (its
    /// start over the window's length).
    var requestsThisWindow = 0
    var rateWindow: Int64 = 0

    /// The account's UUID.
    var uuid: String { AlpacaIdentifier.uuid(AlpacaIdentifier.hash(name.rawValue), .account) }

    /// Books a fill: cash and the position move, the cost basis shrinks in proportion on a sale.
    mutating func apply(_ side: Side, _ symbol: Symbol, price: Price, qty: Quantity) {
        var position = positions[symbol] ?? Position()
        switch side {
        case .buy:
            cash -= price * qty
            position.costBasis += price * qty
            position.qty += qty
        case .sell:
            cash += price * qty
            if position.qty > .zero {
                let sold = min(qty.shares, position.qty.shares)
                position.costBasis -= Money(units: position.costBasis.units * sold / position.qty.shares)
            }
            position.qty -= qty
        }
        positions[symbol] = position.qty == .zero ? nil : position
    }
}
