import StrategyKit

/// A record of the market a backtest replays: a book, or a trade printed at the venue. What
/// `RecordingReader.nextMarketRecord()` returns; a trade is boxed, so that the value is no larger
/// than the book.
public enum MarketRecord: Hashable, Sendable {
    case book(BookSnapshot)
    indirect case trade(RecordedTrade)

    /// The local time the record was received (a book's or a trade's receive time).
    public var time: Timestamp {
        switch self {
        case .book(let book): book.receivedTime
        case .trade(let trade): trade.receivedTime
        }
    }
}
