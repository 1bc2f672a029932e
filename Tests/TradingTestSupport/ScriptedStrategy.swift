import StrategyKit

/// A strategy whose reactions are closures, recording what it was told.
public final class ScriptedStrategy: Strategy {
    public var onStartIntents: (StrategyContext) -> [Intent] = { _ in [] }
    public var onBookIntents: (BookSnapshot, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onFillIntents: (Fill, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onUpdateIntents: (OrderUpdate, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onTradeIntents: (Trade, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onBarIntents: (Bar, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onTimerIntents: (TimerID, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onSessionIntents: (SessionEvent, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onFilingIntents: (Filing, StrategyContext) -> [Intent] = { _, _ in [] }
    public private(set) var fills: [Fill] = []
    public private(set) var updates: [OrderUpdate] = []
    public private(set) var stopped = false

    public init() {}

    public func start(context: StrategyContext) -> [Intent] { onStartIntents(context) }
    /// Given the book as shown (our orders in it).
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] { onBookIntents(view.shown, context) }
    public func onTrade(_ trade: Trade, context: StrategyContext) -> [Intent] { onTradeIntents(trade, context) }
    public func onBar(_ bar: Bar, context: StrategyContext) -> [Intent] { onBarIntents(bar, context) }
    public func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent] { onTimerIntents(id, context) }
    public func onSession(_ event: SessionEvent, context: StrategyContext) -> [Intent] { onSessionIntents(event, context) }
    public func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent] { onFilingIntents(filing, context) }
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        fills.append(fill)
        return onFillIntents(fill, context)
    }
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        updates.append(update)
        return onUpdateIntents(update, context)
    }
    public func stop(context: StrategyContext) -> [Intent] {
        stopped = true
        return []
    }
}
