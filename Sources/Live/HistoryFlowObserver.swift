import History
import Risk
import StrategyKit
import Trading

/// The daemon's engine told to its history (`tickwork run` wires it): turns each order change,
/// denial and trading-state change into the history's record and offers it to `flow` (which
/// never waits; a full flow drops and counts the record, and the history writer logs how many).
///
/// Runs on the engine's thread only (an `OrderFlowObserver`). It keeps, per open order, what the
/// tracker does not: when the exchange acknowledged it and the value of its fills (for the
/// average price), and forgets the order once it is final.
public final class HistoryFlowObserver: OrderFlowObserver {
    /// What the history keeps of an open order beyond the tracker's view.
    private struct Progress {
        /// The order's key in the history (`clientKey(_:)`).
        var key: String
        var acknowledged: Timestamp?
        /// The sum of price × quantity of its fills, in price units.
        var value: Int64 = 0
    }

    public let flow: HistoryFlow
    /// The daemon's start, whole seconds since 1970: client ids restart from 1 in each run.
    public let run: Int64
    /// `@<run>`, the end of every key.
    private let runSuffix: [UInt8]
    private var open: [ClientOrderID: Progress] = [:]

    public init(flow: HistoryFlow, runStart: Timestamp) {
        self.flow = flow
        self.run = runStart.nanoseconds / 1_000_000_000
        runSuffix = Array("@\(run)".utf8)
    }

    /// The history's key of order `client`: `c<n>@<run>`, the engine's number and the run's
    /// start, so that orders of different runs never share a row. Written byte by byte: it is
    /// made on the engine's thread for every order, where string interpolation, or Wire's
    /// `appendDecimal` into a kept buffer copied into a string, took more of the decision.
    public func clientKey(_ client: ClientOrderID) -> String {
        let number = client.rawValue
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = 1 + digits + runSuffix.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer[0] = UInt8(ascii: "c")
            var value = number
            for place in stride(from: digits, to: 0, by: -1) {
                buffer[place] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            for (offset, byte) in runSuffix.enumerated() { buffer[1 + digits + offset] = byte }
            return length
        }
    }

    public func orderChanged(_ order: TrackedOrder, fills: ArraySlice<Fill>, at time: Timestamp) {
        var progress = open[order.clientID] ?? Progress(key: clientKey(order.clientID))
        if progress.acknowledged == nil, order.exchangeID != nil { progress.acknowledged = time }
        for fill in fills {
            progress.value += (fill.price * fill.qty).units
        }
        let final = !order.state.isOpen
        if final { open[order.clientID] = nil } else { open[order.clientID] = progress }
        // The average price is rounded toward zero to the price unit.
        let filled = order.filled.shares
        flow.offer(.order(HistoryOrder(
            clientID: progress.key, venueOrderID: order.exchangeID, venue: order.venue, strategy: order.strategyID,
            symbol: order.request.symbol, side: order.request.side, type: order.request.type, price: order.request.price,
            quantity: order.request.qty, sent: order.submittedAt, acknowledged: progress.acknowledged,
            closed: final ? time : nil, state: order.state.rawValue, filled: order.filled,
            averagePrice: filled > 0 ? Price(units: progress.value / filled) : nil, kind: order.request.kind,
            stopPrice: order.request.trigger?.stopPrice, timeInForce: order.request.timeInForce)))
    }

    public func orderDenied(_ denial: RiskDenial, at time: Timestamp) {
        let request = denial.request
        flow.offer(.denial(HistoryDenial(
            time: time, strategy: denial.strategyID, symbol: request.symbol, side: request.side, type: request.type,
            price: request.price, quantity: request.qty, code: denial.code.rawValue, limit: denial.limit,
            actual: denial.actual, message: denial.message)))
    }

    public func tradingStateChanged(_ change: TradingStateChange) {
        flow.offer(.stateChange(HistoryStateChange(
            time: change.time, scope: change.scope.description, from: change.from.rawValue, to: change.to.rawValue,
            code: change.code.rawValue, limit: change.limit.map { Money(units: $0) }, actual: change.actual.map { Money(units: $0) })))
    }
}
