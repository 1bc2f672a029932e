import Brokerage
import FoundationEssentials
import StrategyKit
import Synchronization

/// Alpaca as a `Broker`: books are the latest quotes and trades the latest trades (one request
/// for every symbol), the session is the market clock, orders go out with our own
/// `client_order_id` (a lost answer is settled by it, never by a second order), and an order's
/// fills are its FILL activities in the order of their ids, so the
/// fill with index `i` is the same execution before and after a restart.
///
/// Alpaca's order ids are UUIDs; the engine's `OrderID` is an integer, so an order is known
/// by a 63-bit number made from its UUID (`localID(_:)`), the same number in every run. The
/// legs of a bracket, OCO or OTO get ids (and client order ids) Alpaca makes: they are ours
/// because their parent is, and are listed inside it (`nested=true`).
///
/// Stops, stop-limits, trailing stops, the three order classes and amending in place all live
/// at Alpaca (`capabilities`), so they outlive the daemon.
public final class AlpacaBroker: Broker {
    /// How the broker trades.
    public struct Settings: Sendable, Hashable {
        /// Whether orders may go out while the market is closed (as extended-hours limit/day
        /// orders); when false a placement while closed is refused with `MARKET_CLOSED`.
        public var extendedHours: Bool
        /// How old a batch of quotes may be and still serve a book request.
        public var quoteMaxAge: Duration
        /// The start of every client order id we make, to tell our orders apart.
        public var clientOrderPrefix: String

        public init(extendedHours: Bool = false, quoteMaxAge: Duration = .milliseconds(100), clientOrderPrefix: String = "tw") {
            self.extendedHours = extendedHours
            self.quoteMaxAge = quoteMaxAge
            self.clientOrderPrefix = clientOrderPrefix
        }
    }

    /// The client every call goes through.
    public let client: AlpacaClient
    public let account: Account
    public let settings: Settings
    private let quotes: SymbolBatch<AlpacaQuote>
    private let trades: SymbolBatch<AlpacaTrade>
    private let fills: FillBook
    private let clock: MarketClock
    /// Alpaca's id of every order seen, by local id.
    private let alpacaIDs = Mutex<[OrderID: String]>([:])

    /// A broker for `account` through `client`, whose books are the quotes of `symbols`.
    public init(client: AlpacaClient, account: Account, symbols: [Symbol], settings: Settings = Settings()) {
        self.client = client
        self.account = account
        self.settings = settings
        self.quotes = SymbolBatch(symbols: symbols.sorted(), maxAge: settings.quoteMaxAge) { symbols throws(AlpacaError) in
            try await client.latestQuotes(symbols)
        }
        self.trades = SymbolBatch(symbols: symbols.sorted(), maxAge: settings.quoteMaxAge) { symbols throws(AlpacaError) in
            try await client.latestTrades(symbols)
        }
        self.fills = FillBook(client: client)
        self.clock = MarketClock(client: client)
    }

    /// The local id of Alpaca's order `uuid`: the two 64-bit halves of its 128 bits
    /// exclusive-or'ed, without the sign bit, so that ids differing anywhere (random v4 UUIDs,
    /// or a server's counter in any group) stay apart.
    public static func localID(_ uuid: String) -> OrderID {
        var high: UInt64 = 0, low: UInt64 = 0
        var digits = 0
        for character in uuid.unicodeScalars {
            guard let digit = UInt64(String(character), radix: 16) else { continue }
            if digits < 16 { high = high << 4 | digit } else { low = low << 4 | digit }
            digits += 1
        }
        return OrderID(Int64(bitPattern: (high ^ low) & UInt64(Int64.max)))
    }

    /// Everything the engine can ask for: Alpaca keeps stops, trailing stops, brackets, OCO
    /// and OTO itself, amends orders in place, and takes all four times in force.
    public var capabilities: VenueCapabilities {
        VenueCapabilities(triggers: true, groups: true, replace: true, timesInForce: [.day, .gtc, .opg, .cls])
    }

    public func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot {
        let all: [Symbol: AlpacaQuote]
        do { all = try await quotes.latest() } catch { throw error.brokerError }
        guard let quote = all[symbol] else { throw .rejected("GET /v2/stocks/quotes/latest: no quote for \(symbol)") }
        return quote.book(venue: venue, symbol: symbol, receivedAt: quote.time)
    }

    /// The latest trade of `symbol` (`GET /v2/stocks/trades/latest`, one request for every
    /// symbol, shared as the quotes are); nil when Alpaca has none for it.
    public func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade? {
        let all: [Symbol: AlpacaTrade]
        do { all = try await trades.latest() } catch { throw error.brokerError }
        return all[symbol].map { $0.trade(of: symbol) }
    }

    /// The market clock (`GET /v2/clock`, asked again only once its answer may have changed):
    /// its `next_close` is already a short day's early close, so the calendar is not needed.
    public func session(venue: Venue) async throws(BrokerError) -> MarketSession {
        let now: AlpacaClock
        do { now = try await clock.current() } catch { throw error.brokerError }
        return MarketSession(isOpen: now.isOpen, nextClose: now.nextClose, nextOpen: now.nextOpen)
    }

    public func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus {
        try await refuseWhileClosed(order.timeInForce)
        let clientOrderID = newClientOrderID()
        let placed: AlpacaOrder
        do {
            placed = try await client.place(PlaceAlpacaOrder(order, clientOrderID: clientOrderID, extendedHours: settings.extendedHours))
        } catch {
            throw error.brokerError
        }
        // The order exists: whatever fails from here on leaves its outcome to be settled.
        do {
            return try await status(of: placed, venue: venue)
        } catch {
            throw .outcomeUnknown("order \(clientOrderID) (\(placed.id)) was placed, but its fills could not be read: \(error)")
        }
    }

    /// Places `group` as one order of its class; the parent carries our client order id, the
    /// legs Alpaca's. A group Alpaca cannot take in one request is refused unsent
    /// (`PlaceAlpacaOrder.init(_:clientOrderID:)` says which).
    public func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        guard let first = group.legs.first else { throw .rejected("POST /v2/orders: an order group without orders") }
        try await refuseWhileClosed(first.timeInForce)
        let clientOrderID = newClientOrderID()
        let placed: AlpacaOrder
        do {
            placed = try await client.place(try PlaceAlpacaOrder(group, clientOrderID: clientOrderID))
        } catch {
            throw error.brokerError
        }
        do {
            // An answer settled by a lookup may lack the legs; the order by its id has them.
            var parent = placed
            if parent.legs.count != group.legs.count - 1 { parent = try await client.order(id: placed.id) }
            let orders = [parent] + parent.legsInGroupOrder
            guard orders.count == group.legs.count else {
                throw AlpacaError.undecodable(endpoint: "GET /v2/orders/\(placed.id)", reason: "\(orders.count) orders, not \(group.legs.count)")
            }
            var statuses: [OrderStatus] = []
            for order in orders { statuses.append(try await status(of: order, venue: venue)) }
            return statuses
        } catch {
            throw .outcomeUnknown("\(group.orderClass.rawValue) \(clientOrderID) (\(placed.id)) was placed, but its orders could not be read: \(error)")
        }
    }

    /// Replaces order `id` by `PATCH /v2/orders/{id}`: `price` is a stop's or stop-limit's new
    /// stop price, any other order's new limit; a trailing stop has no price to change and is
    /// refused unsent when given one. The new order takes a client order id of ours.
    public func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus {
        let current: AlpacaOrder
        do { current = try await client.order(id: try await alpacaID(id)) } catch { throw error.brokerError }
        var replacement = ReplaceAlpacaOrder(id: current.id, qty: qty, clientOrderID: newClientOrderID())
        if let price {
            switch current.type {
            case "stop", "stop_limit": replacement.stopPrice = price
            case "trailing_stop": throw .rejected("PATCH /v2/orders/\(current.id): a trailing stop has no price to replace; its stop follows the market")
            default: replacement.limitPrice = price
            }
        }
        let placed: AlpacaOrder
        do { placed = try await client.place(replacement) } catch { throw error.brokerError }
        do {
            return try await status(of: placed, venue: venue)
        } catch {
            throw .outcomeUnknown("order \(current.id) was replaced by \(replacement.clientOrderID) (\(placed.id)), but its fills could not be read: \(error)")
        }
    }

    /// Refuses an order while the market is closed unless extended hours are allowed, or it is
    /// for the opening auction (`opg`), which is placed before the open.
    private func refuseWhileClosed(_ timeInForce: TimeInForce) async throws(BrokerError) {
        guard !settings.extendedHours, timeInForce != .opg else { return }
        let open: AlpacaClock
        do { open = try await clock.current() } catch { throw error.brokerError }
        guard open.isOpen else {
            throw .rejected("MARKET_CLOSED: the market is closed until \(open.nextOpen); exchange.extendedHours allows orders outside regular hours")
        }
    }

    /// A client order id of ours: the prefix, `-` and a new UUID.
    private func newClientOrderID() -> String {
        "\(settings.clientOrderPrefix)-\(UUID().uuidString.lowercased())"
    }

    public func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        do {
            let uuid = try await alpacaID(id)
            do {
                try await client.cancel(id: uuid)
            } catch .unprocessable {
                // Not cancelable: it is already final (or on its way), which its state shows.
            }
            return try await status(of: try await client.order(id: uuid), venue: venue)
        } catch {
            throw error.brokerError
        }
    }

    public func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        do {
            return try await status(of: try await client.order(id: try await alpacaID(id)), venue: venue)
        } catch {
            throw error.brokerError
        }
    }

    /// The account's orders placed through a broker with the same `clientOrderPrefix` and the
    /// legs of their groups (each after its parent, in group order, naming it in `parent`), each
    /// with its fills: every open one, however old, and the newest 500 of all. A closed order older than those is
    /// outside reconciliation, as it is on a venue that forgets closed orders.
    public func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        do {
            // Orders placed by hand or by another program are not this account's to reconcile.
            let orders = try await accountOrders().filter(isOurs).flatMap(\.withLegs)
            if let oldest = orders.map(\.createdAt).min() { try await fills.load(since: oldest) }
            // Each leg names its parent, so that reconciliation gives the legs the parent's owner.
            var parents: [String: OrderID] = [:]
            for order in orders { for leg in order.legs { parents[leg.id] = Self.localID(order.id) } }
            var statuses: [OrderStatus] = []
            for order in orders {
                var status = try await status(of: order, venue: venue)
                status.parent = parents[order.id]
                statuses.append(status)
            }
            return statuses
        } catch {
            throw error.brokerError
        }
    }

    /// Every open order of the account, however old, and the newest 500 of all, whoever placed
    /// them, each group's legs inside its parent.
    private func accountOrders() async throws(AlpacaError) -> [AlpacaOrder] {
        let open = try await client.allOrders(ListOrders(status: .open, limit: 500, nested: true))
        let recent = try await client.orders(ListOrders(status: .all, limit: 500, nested: true))
        var ids = Set(recent.map(\.id))
        return recent + open.filter { ids.insert($0.id).inserted }
    }

    /// The first order among the account's (its open ones and its newest 500) that the ledger
    /// knows (its local id is in `recorded`) but that was placed with another client order
    /// prefix: the ledger is then another configuration's. Nil when there is none.
    public func orderOfAnotherPrefix(among recorded: Set<OrderID>) async throws(BrokerError) -> AlpacaOrder? {
        do {
            return try await accountOrders().filter { !isOurs($0) }.flatMap(\.withLegs).first { recorded.contains(Self.localID($0.id)) }
        } catch {
            throw error.brokerError
        }
    }

    /// Whether `order` was placed by a broker with these settings: its client order id is our
    /// prefix, `-` and a UUID, and nothing else (so that prefix `tw` does not take the orders of
    /// prefix `tw-1a2b3c` for its own). A group's legs are ours when their parent is.
    private func isOurs(_ order: AlpacaOrder) -> Bool {
        let id = order.clientOrderID
        return id.utf8.count == settings.clientOrderPrefix.utf8.count + 37 && id.hasPrefix(settings.clientOrderPrefix + "-")
    }

    public func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]? {
        do {
            return Dictionary(try await client.positions().map { ($0.symbol, $0.qty) }, uniquingKeysWith: +)
        } catch {
            throw error.brokerError
        }
    }

    /// Alpaca's id of local order `id`, looking back through the account's orders, page by
    /// page, if it is not known yet.
    private func alpacaID(_ id: OrderID) async throws(AlpacaError) -> String {
        if let known = alpacaIDs.withLock({ $0[id] }) { return known }
        let orders = try await client.allOrders(ListOrders(status: .all, limit: 500, nested: true)) { orders in
            orders.contains { $0.withLegs.contains { Self.localID($0.id) == id } }
        }
        for order in orders { remember(order) }
        guard let known = alpacaIDs.withLock({ $0[id] }) else {
            throw .notFound(endpoint: "GET /v2/orders", code: nil, message: "no order of the account has local id \(id)")
        }
        return known
    }

    /// How many orders' ids are remembered at most: past it they are forgotten, to be found
    /// again by `alpacaID(_:)` when asked for.
    static let rememberedIDs = 10_000

    /// Remembers the ids of `order` and of its legs.
    private func remember(_ order: AlpacaOrder) {
        alpacaIDs.withLock { ids in
            if ids.count >= Self.rememberedIDs { ids.removeAll(keepingCapacity: true) }
            for each in order.withLegs { ids[Self.localID(each.id)] = each.id }
        }
    }

    /// `order` as the engine sees it, with its fills from the FILL activities. An order whose
    /// activities lag behind its `filled_qty` is reported open until they arrive, so that no
    /// fill is missed by a tracker that stops asking about closed orders.
    func status(of order: AlpacaOrder, venue: Venue) async throws(AlpacaError) -> OrderStatus {
        remember(order)
        var executions = try await fills.fills(of: order)
        if executions.reduce(Quantity.zero, { $0 + $1.qty }) < order.filledQty {
            try await fills.refresh()
            executions = try await fills.fills(of: order)
        }
        let filled = executions.reduce(Quantity.zero) { $0 + $1.qty }
        let original = order.qty ?? order.filledQty
        let open = order.isOpen || filled < order.filledQty
        let type: OrderType
        switch (order.type, order.timeInForce) {
        case ("market", _), ("stop", _), ("trailing_stop", _): type = .market
        case (_, "ioc"): type = .immediateOrCancel
        case (_, "fok"): type = .fillOrKill
        default: type = .limit
        }
        return OrderStatus(
            id: Self.localID(order.id), venue: venue, symbol: order.symbol, account: account, side: order.side, type: type,
            price: order.limitPrice ?? .zero, originalQty: original, qty: open ? original - filled : .zero,
            ts: order.submittedAt ?? order.createdAt, fills: executions.map { OrderFill(price: $0.price, qty: $0.qty, ts: $0.time) },
            totalFilled: filled, open: open, trigger: order.trigger, trail: order.trail, replacedBy: order.replacedBy.map(Self.localID))
    }
}
