import Recording
import StrategyKit
import Trading

/// A simulated exchange driven by recorded books: the venue a backtest puts behind the engine.
///
/// It takes place and cancel requests at simulated times and book snapshots in time order, and
/// answers with API-shaped order statuses and their fills. Pure and deterministic: the same
/// calls give the same reports, and order ids run 1, 2, 3, ... in the order requests reach
/// the book. The fill model, deliberately conservative, is described in FILL-MODEL.md:
///
/// - Time is the local receive time of the books (the engine's clock). A request sent at `t`
///   reaches the book at `t` plus the configured latency and meets the latest book received
///   at or before that moment; at equal times a book comes first.
/// - A marketable order walks the opposite side of that book at its recorded prices and
///   quantities; liquidity it takes is gone for later orders until the next book.
/// - A resting limit order queues behind the displayed quantity at its price when it arrives.
///   The queue ahead shrinks only when a later book shows the level smaller than the queue.
///   Once the queue was exhausted, each later shrink of the level fills it by that much; a
///   later book whose best opposite price is strictly through its price fills all of it.
/// - Our orders never appear in the recorded books and never trade with each other.
public struct ReplayVenue: Sendable {
    /// The configuration given at creation.
    public let configuration: ReplayVenueConfiguration
    /// The venue's clock: the latest time it has processed.
    public private(set) var now: Timestamp = Timestamp(nanoseconds: .min)

    var pending: [PendingRequest] = []
    private var nextSequence: UInt64 = 0
    /// Every order ever accepted, for statuses and cancels of closed orders: order id `n` is
    /// at index `n - 1`.
    var orders: [SimulatedOrder] = []
    /// Indices in `orders` of open orders that rest on the book, in arrival order.
    var resting: [Int] = []
    /// The latest book of each symbol, with the liquidity our orders took since it arrived;
    /// a backtest trades a handful of symbols, so a short list beats hashing names.
    var books: [ReplayVenueBook] = []
    /// Counts every change to what our resting orders show in a book (one rests, is cancelled
    /// or filled), so that entries made for them before can be told still true.
    var restingChanges: UInt64 = 0
    /// Our resting orders of the last book's symbol as entries.
    var ownEntries = OwnOrderEntries()
    /// The trading day's session (a day file's header's), within which orders are taken; nil
    /// for a recording of a venue without one: always open.
    public var session: RecordingSession?

    /// A venue with no orders and no books.
    public init(configuration: ReplayVenueConfiguration) {
        self.configuration = configuration
    }

    /// Sends a place request at `time`; it reaches the book after the order latency.
    public mutating func submit(_ request: OrderRequest, clientID: ClientOrderID, at time: Timestamp) {
        enqueue(.place(clientID, request), at: time.advanced(byMilliseconds: configuration.orderLatencyMilliseconds))
    }

    /// Sends a cancel request at `time`; it reaches the book after the cancel latency.
    public mutating func submitCancel(_ orderID: OrderID, at time: Timestamp) {
        enqueue(.cancel(orderID), at: time.advanced(byMilliseconds: configuration.cancelLatencyMilliseconds))
    }

    /// When the earliest request still on its way reaches the book; nil when none is.
    public var nextArrival: Timestamp? { pending.first?.arrival }

    /// Processes every request that reaches the book at or before `time`, in arrival order.
    public mutating func advance(to time: Timestamp) -> [ReplayVenueReport] {
        var reports: [ReplayVenueReport] = []
        while let request = pending.first, request.arrival <= time {
            pending.removeFirst()
            now = max(now, request.arrival)
            process(request, into: &reports)
        }
        now = max(now, time)
        return reports
    }

    /// Processes the earliest request still on its way, and every other one arriving with it, if
    /// it reaches the book before `limit` (or at it, when `inclusive`; whenever, when nil): its
    /// arrival time and the reports. Nil, changing nothing, when no request arrives by then.
    /// `advance(to: nextArrival)` in one mutating call, so that a caller holding the venue in a
    /// class property reads `pending` in place instead of copying the whole venue out.
    public mutating func advanceToNextArrival(
        before limit: Timestamp?, inclusive: Bool
    ) -> (arrival: Timestamp, reports: [ReplayVenueReport])? {
        guard let arrival = pending.first?.arrival else { return nil }
        if let limit, inclusive ? arrival > limit : arrival >= limit { return nil }
        return (arrival, advance(to: arrival))
    }

    /// Processes the requests that arrive before the book, then lets the book fill resting
    /// orders, then makes it the book that later requests meet. A book received before the
    /// venue's clock (out of order in the recording) takes effect at the clock's time.
    public mutating func apply(_ book: BookSnapshot) -> [ReplayVenueReport] {
        var reports: [ReplayVenueReport] = []
        while let request = pending.first, request.arrival < book.receivedTime {
            reports += advance(to: request.arrival)
        }
        now = max(now, book.receivedTime)
        evaluateResting(against: book, into: &reports)
        if let index = bookIndex(of: book.symbol) {
            books[index].bids = book.bids
            books[index].asks = book.asks
        } else {
            books.append(ReplayVenueBook(symbol: book.symbol, bids: book.bids, asks: book.asks))
        }
        return reports
    }

    /// The order's status now, or nil if the venue never gave that id.
    public func status(of id: OrderID) -> OrderStatus? { orderIndex(of: id).map { orders[$0].status } }

    /// The open orders, oldest first.
    public var openOrders: [OrderStatus] { resting.map { orders[$0].status } }

    /// The id the next accepted order gets.
    var nextOrderID: OrderID { OrderID(Int64(orders.count) + 1) }

    /// Where order `id` is in `orders`, or nil if the venue never gave that id.
    func orderIndex(of id: OrderID) -> Int? {
        id.rawValue >= 1 && id.rawValue <= Int64(orders.count) ? Int(id.rawValue - 1) : nil
    }

    /// Where the latest book of `symbol` is in `books`, or nil before its first book.
    func bookIndex(of symbol: Symbol) -> Int? { books.firstIndex { $0.symbol == symbol } }

    private mutating func enqueue(_ kind: PendingRequest.Kind, at arrival: Timestamp) {
        precondition(arrival >= now, "requests are sent in time order")
        nextSequence += 1
        let request = PendingRequest(kind: kind, arrival: arrival, sequence: nextSequence)
        // Stable in (arrival, sequence): a later send with a shorter latency can overtake.
        let index = pending.lastIndex { $0.arrival <= arrival }.map { $0 + 1 } ?? 0
        pending.insert(request, at: index)
    }

    private mutating func process(_ request: PendingRequest, into reports: inout [ReplayVenueReport]) {
        switch request.kind {
        case .place(let clientID, let order):
            guard order.qty.shares > 0 else {
                reports.append(.placeRejected(clientID, order, reason: "qty must be positive", time: now))
                return
            }
            guard !order.type.isPriced || order.price.units > 0 else {
                reports.append(.placeRejected(clientID, order, reason: "price must be positive", time: now))
                return
            }
            if let refusal = sessionRefusal(of: order) {
                reports.append(.placeRejected(clientID, order, reason: refusal, time: now))
                return
            }
            reports.append(.placed(clientID, accept(order, clientID: clientID)))
        case .cancel(let id):
            guard let index = orderIndex(of: id) else {
                reports.append(.cancelRejected(
                    id, reason: "order \(id) not found (highest available on this venue is \(orders.count))", time: now))
                return
            }
            if orders[index].status.open {
                restingChanges += 1
                orders[index].status.qty = .zero
                orders[index].status.open = false
                resting.removeAll { $0 == index }
            }
            let status = orders[index].status
            reports.append(.cancelled(ReplayOrderUpdate(
                status: status, time: now, newFills: status.fills.count..<status.fills.count, liquidity: .maker,
                fees: .zero)))
        }
    }
}

/// A request on its way to the simulated book.
struct PendingRequest: Sendable {
    enum Kind: Sendable {
        case place(ClientOrderID, OrderRequest)
        case cancel(OrderID)
    }

    var kind: Kind
    var arrival: Timestamp
    /// Send order, to keep requests that arrive together in the order they were sent.
    var sequence: UInt64
}

/// An order the venue accepted, with its queue position while it rests.
struct SimulatedOrder: Sendable {
    var status: OrderStatus
    /// Displayed shares ahead of the order at its price.
    var queueAhead: Int64
    /// The displayed shares at the order's price in the last book seen.
    var lastLevel: Int64
    /// Where the order's price is, or would be, in its side of the last book seen.
    var levelStart: Int
    /// The order rested while the recorded book still crossed its price (it had taken that
    /// liquidity itself); trade-through does not count until the recorded book stops crossing.
    var crossedByTakenLiquidity: Bool
    /// How long it works: a day order expires at the session's close (`ReplayVenue.expireDayOrders`).
    var timeInForce: TimeInForce
    /// Whether it went out as an extended-hours order, which expires at the end of the extended
    /// hours instead.
    var extendedHours: Bool
}
