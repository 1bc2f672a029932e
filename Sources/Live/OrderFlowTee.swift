import Risk
import StrategyKit
import Trading

/// Tells the engine's order flow to two observers in turn (the history's, then the
/// notifications'): the engine holds one.
public final class OrderFlowTee: OrderFlowObserver {
    public let first: any OrderFlowObserver
    public let second: any OrderFlowObserver

    public init(_ first: any OrderFlowObserver, _ second: any OrderFlowObserver) {
        self.first = first
        self.second = second
    }

    public func orderChanged(_ order: TrackedOrder, fills: ArraySlice<Fill>, at time: Timestamp) {
        first.orderChanged(order, fills: fills, at: time)
        second.orderChanged(order, fills: fills, at: time)
    }

    public func orderDenied(_ denial: RiskDenial, at time: Timestamp) {
        first.orderDenied(denial, at: time)
        second.orderDenied(denial, at: time)
    }

    public func tradingStateChanged(_ change: TradingStateChange) {
        first.tradingStateChanged(change)
        second.tradingStateChanged(change)
    }
}
