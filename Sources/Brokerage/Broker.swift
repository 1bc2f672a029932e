import StrategyKit

/// Where live orders go: one account at one broker, reached however the broker is reached.
/// The live runner, its pollers and the emergency sweep trade only through this protocol, so a
/// second broker is a new part with a type that conforms, and no change to them.
///
/// Every call may run concurrently with the others. A call's failure says whether the broker
/// certainly did not act on it, refused it, or may have acted on it (`BrokerError`, whose doc
/// gives the rule every adapter sorts its failures by): a lost placement is settled from
/// `orders(venue:)`, never sent again.
public protocol Broker: Sendable {
    /// The account every call trades or reads for.
    var account: Account { get }

    /// Which orders the broker keeps itself: triggers (stops, trailing stops), groups (bracket,
    /// OCO, OTO), amending in place, and times in force. The engine holds the rest for it, and
    /// never calls `placeGroup` or `replace` on a broker whose capabilities lack them.
    var capabilities: VenueCapabilities { get }

    /// The order book of `symbol` on `venue` as the broker has it now; its `sequence` is 0 and
    /// its `receivedTime` the broker's own stamp (numbering and the local stamp are the
    /// caller's).
    func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot

    /// The latest trade of `symbol` on `venue` as the broker reports it now, or nil before the
    /// first. A sample of the tape, not the tape: prints between two calls are not seen.
    func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade?

    /// The market's session on `venue` by the broker's clock: whether it is open and its next
    /// open and close; `.alwaysOpen` for a venue without sessions.
    func session(venue: Venue) async throws(BrokerError) -> MarketSession

    /// Places `order` on `venue` for `account` once, never sending it again, and returns it as
    /// the broker recorded it, with any fills it got at once.
    func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus

    /// Places `group` on `venue` for `account` as one order of its class, once, never sending it
    /// again, and returns the status of every leg as the broker recorded it, in the group's leg
    /// order (the first leg is the parent). Its legs are among `orders(venue:)` from then on,
    /// so that a lost placement is settled from there as `place`'s is.
    func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus]

    /// Amends open order `id` of `symbol` on `venue` in place: its price (a stop's stop price,
    /// else its limit) and its quantity, nil leaving either as it is. Sent once, never again.
    /// Returns the state of the order that replaces it (the broker's new id; the old order's
    /// status names it in `replacedBy`).
    func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus

    /// Cancels order `id` of `symbol` on `venue` and returns its final state.
    func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus

    /// The state of order `id` of `symbol` on `venue`, with its fills so far.
    func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus

    /// Every order of `account` on `venue`, open and closed, each with its fills: the broker's
    /// own list, the authority for reconciliation and for settling lost placements.
    func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus]

    /// The shares `account` holds in each symbol (negative: short) by the broker's own books,
    /// or nil for a broker that keeps no positions apart from its orders (StockFighter). The
    /// runner compares them with the ledger once reconciliation has booked what it lacked.
    func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]?

    /// Opens one connection of the venue's push stream for the books and trades of `symbols` on
    /// `venue` and the account's order updates, handing every event to `onEvent` (from any
    /// thread, one at a time, `closed` last and once); nil for a broker that does not stream
    /// (the default). Throws when the connection cannot be opened; the runner then polls and
    /// tries again later. The runner calls it from its one executor thread, so the network is
    /// waited on by suspending, never by blocking the calling thread.
    func openStream(
        venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(BrokerError) -> (any BrokerStream)?
}
