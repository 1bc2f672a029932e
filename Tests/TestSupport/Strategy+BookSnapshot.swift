import StrategyKit

extension Strategy {
    /// Calls `onBook` with `book` as a live poll gives it: a view with nothing beside it. For
    /// tests that hand a strategy snapshots.
    public func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent] {
        onBook(BookView(book), context: context)
    }
}
