/// A trading strategy: the contract every plugin implements.
///
/// The engine calls a strategy from one thread, one callback at a time, and each callback
/// returns the intents to send. Strategies are synchronous, own no threads and do no I/O; they
/// act on the world only through their returned intents, which pass the risk checker first.
/// Every callback has a default that returns no intents.
public protocol Strategy: AnyObject {
    /// Trading starts (or restarts after recovery); `context` holds positions from the ledger.
    func start(context: StrategyContext) -> [Intent]
    /// A new book snapshot for one of the strategy's symbols, our resting orders in it as a live
    /// poll shows them. The engine calls this one unless `readsBookView`.
    func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent]
    /// The same, as a view: the book as it came and our resting orders it does not list beside
    /// it (a backtest's recorded book lists none), so that nothing is copied to merge them in.
    /// The engine calls this one instead of the one above when `readsBookView`: live with
    /// nothing beside the book, in a backtest with our resting orders beside it. By default it
    /// builds `view.shown` and calls the one above. (SDK 3.2)
    func onBook(_ view: BookView, context: StrategyContext) -> [Intent]
    /// Whether the engine gives this strategy its books as views, through `onBook(_ view:context:)`,
    /// which it then implements, reading no more of the view than it answers without building
    /// `shown` (its touch with or without our orders, best prices, mid). When every strategy
    /// of a backtest does, each recorded book is handed over with our orders beside it rather
    /// than copied to merge them in. Otherwise (the default) the engine calls the snapshot
    /// callback. Either way the strategy sees the same book; only the work differs. Read once,
    /// when the engine takes the strategy. (SDK 3.2)
    var readsBookView: Bool { get }
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
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] { onBook(view.shown, context: context) }
    public var readsBookView: Bool { false }
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] { [] }
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] { [] }
    public func stop(context: StrategyContext) -> [Intent] { [] }
}
