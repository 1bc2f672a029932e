import StrategyKit

/// A group of orders the engine follows for a venue that cannot (see `OrderClass`): the entry
/// of a bracket or OTO works first, and its exits only once it has filled, for the shares it
/// filled; a fill of one exit, or its close, cancels the others.
struct EngineOrderGroup {
    /// One of the group's orders.
    enum Leg: Equatable {
        /// Sent to the venue under the daemon's number; its exchange id once accepted.
        case sent(ClientOrderID, OrderID?)
        /// Held by the engine (`EmulatedOrder.id`).
        case held(OrderID)
    }

    let id: Int
    let orderClass: OrderClass
    let strategyID: StrategyID
    /// The entry while it works; nil for an OCO, and once it has closed.
    var entry: Leg?
    /// The exits to place once the entry fills.
    var waitingExits: [OrderRequest]
    /// The exits working, one cancelling the others.
    var exits: [Leg] = []

    /// Whether the group has nothing more to do.
    var isDone: Bool { entry == nil && waitingExits.isEmpty && exits.isEmpty }

    /// Whether `leg` (an exit, sent or held) is the one with `client` or exchange id `id`.
    static func matches(_ leg: Leg, client: ClientOrderID?, id: OrderID?) -> Bool {
        switch leg {
        case .sent(let sent, let exchangeID): (client != nil && sent == client) || (id != nil && exchangeID == id)
        case .held(let held): id == held
        }
    }
}
