/// A trading strategy: the contract every plugin implements.
///
/// The engine calls a strategy from one thread, one callback at a time, and each callback
/// returns the intents to send. Strategies are synchronous, own no threads and do no I/O; they
/// act on the world only through their returned intents, which pass the risk checker first.
/// Every callback has a default that returns no intents.
public protocol Strategy: AnyObject {
    /// Trading starts (or restarts after recovery); `context` holds positions from the ledger.
    func start(context: StrategyContext) -> [Intent]
    /// A new book snapshot for one of the strategy's symbols.
    func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent]
    /// One of the strategy's orders filled (in part). The fill is already in the ledger and
    /// in `context`.
    func onFill(_ fill: Fill, context: StrategyContext) -> [Intent]
    /// One of the strategy's orders was accepted, rejected or closed.
    func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent]
    /// Trading stops; the engine cancels the strategy's open orders after this returns.
    func stop(context: StrategyContext) -> [Intent]
}

extension Strategy {
    public func start(context: StrategyContext) -> [Intent] { [] }
    public func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent] { [] }
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] { [] }
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] { [] }
    public func stop(context: StrategyContext) -> [Intent] { [] }
}
