import Risk
import StrategyKit

/// Hears the order flow as the engine handles it: each order when it is sent and each time the
/// exchange's word changes it, each risk denial and each change of trading state.
///
/// Called synchronously on the engine's thread, in the order things happened, after the engine
/// has acted (a fill is durable in the journal before the order that shows it is reported). An
/// observer must return at once: it may copy what it needs and hand it to another thread, never
/// wait for anything. It cannot change what the engine does. The daemon's history
/// (`tickwork run`'s `HistoryFlowObserver`) is one; the engine itself knows none.
public protocol OrderFlowObserver: AnyObject {
    /// `order` as it stands now: just sent (`submitted`), acknowledged, partly filled or final.
    /// `fills` are the fills of it booked in this step (none when only its state changed).
    func orderChanged(_ order: TrackedOrder, fills: ArraySlice<Fill>, at time: Timestamp)
    /// The risk checker refused a strategy's order.
    func orderDenied(_ denial: RiskDenial, at time: Timestamp)
    /// A scope's trading state changed (halted, reduce-only, resumed).
    func tradingStateChanged(_ change: TradingStateChange)
}
