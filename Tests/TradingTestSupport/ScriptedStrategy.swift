import StrategyKit

/// A strategy whose reactions are closures, recording what it was told.
public final class ScriptedStrategy: Strategy {
    public var onStartIntents: (StrategyContext) -> [Intent] = { _ in [] }
    public var onBookIntents: (BookSnapshot, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onFillIntents: (Fill, StrategyContext) -> [Intent] = { _, _ in [] }
    public var onUpdateIntents: (OrderUpdate, StrategyContext) -> [Intent] = { _, _ in [] }
    public private(set) var fills: [Fill] = []
    public private(set) var updates: [OrderUpdate] = []
    public private(set) var stopped = false

    public init() {}

    public func start(context: StrategyContext) -> [Intent] { onStartIntents(context) }
    public func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent] { onBookIntents(book, context) }
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
