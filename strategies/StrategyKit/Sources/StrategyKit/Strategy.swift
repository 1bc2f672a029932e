/// A trading strategy: the contract every plugin implements.
///
/// The engine calls a strategy from one thread, one callback at a time, and each callback
/// returns the intents to send. Strategies are synchronous, own no threads and do no I/O; they
/// act on the world only through their returned intents, which pass the risk checker first.
/// Every callback has a default that returns no intents, so a strategy implements only what it
/// reads. Which market data it is called with is the configuration's (`"data"`: books, quotes,
/// books:N, trades, bars:1Min, filings, ...).
public protocol Strategy: AnyObject {
    /// Trading starts (or restarts after recovery); `context` holds positions from the ledger.
    func start(context: StrategyContext) -> [Intent]
    /// A book of one of the strategy's symbols changed as its subscription asks (every book, the
    /// touch only, or the top N levels). `view.shown` is the book with our resting orders in it,
    /// as a live poll shows it; the view answers the touch, best prices and mid without building
    /// it. Copy `view.shown` to keep a book past the callback.
    func onBook(_ view: BookView, context: StrategyContext) -> [Intent]
    /// A trade printed in one of the strategy's symbols (`trades` subscribed). (SDK 4.0)
    func onTrade(_ trade: Trade, context: StrategyContext) -> [Intent]
    /// A bar of one of the strategy's symbols closed (`bars:<timeframe>` subscribed). (SDK 4.0)
    func onBar(_ bar: Bar, context: StrategyContext) -> [Intent]
    /// A timer the strategy set with `Intent.setTimer` is due. (SDK 4.0)
    func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent]
    /// The market opened or closed; `context.session` says the same. (SDK 4.0)
    func onSession(_ event: SessionEvent, context: StrategyContext) -> [Intent]
    /// A company of one of the strategy's symbols filed something new on SEC EDGAR
    /// (`filings` subscribed). (SDK 4.1)
    func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent]
    /// One of the strategy's orders filled (in part). The fill is already in the ledger and
    /// in `context`.
    func onFill(_ fill: Fill, context: StrategyContext) -> [Intent]
    /// News of one of the strategy's orders: accepted, rejected, closed, emulated, triggered,
    /// replaced.
    func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent]
    /// Trading stops; the engine cancels the strategy's open orders after this returns.
    func stop(context: StrategyContext) -> [Intent]
}

extension Strategy {
    public func start(context: StrategyContext) -> [Intent] { [] }
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] { [] }
    public func onTrade(_ trade: Trade, context: StrategyContext) -> [Intent] { [] }
    public func onBar(_ bar: Bar, context: StrategyContext) -> [Intent] { [] }
    public func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent] { [] }
    public func onSession(_ event: SessionEvent, context: StrategyContext) -> [Intent] { [] }
    public func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent] { [] }
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] { [] }
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] { [] }
    public func stop(context: StrategyContext) -> [Intent] { [] }
}
