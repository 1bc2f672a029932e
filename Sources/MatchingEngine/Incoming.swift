import StrategyKit

/// The order meeting the book, as `BookSide.cross` needs it: its id, archive record and side.
struct Incoming {
    let id: OrderID
    let record: Int
    let side: Side
}
