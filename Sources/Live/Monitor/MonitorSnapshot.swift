import Ledger
import Risk
import StrategyKit
import Trading

/// What the engine looked like at one moment, as the monitor serves it: immutable, built on the
/// engine loop and handed to the monitor's threads whole (so they never touch the engine).
public struct MonitorSnapshot: Sendable {
    /// A strategy's state and results.
    public struct StrategyRow: Hashable, Sendable {
        public var id: StrategyID
        public var status: TradingStatus
        public var pnl: ProfitAndLoss
    }

    /// A strategy's position in a symbol, with the mark it is valued at.
    public struct PositionRow: Hashable, Sendable {
        public var strategy: StrategyID
        public var symbol: Symbol
        public var position: Position
        /// The symbol's mid when last seen; nil before its first book.
        public var mark: Price?
    }

    /// An order the engine tracks as open.
    public struct OrderRow: Hashable, Sendable {
        public var client: ClientOrderID
        public var strategy: StrategyID
        public var request: OrderRequest
        /// The exchange's id once acknowledged.
        public var exchangeID: OrderID?
        public var filled: Quantity
        public var submittedAt: Timestamp
    }

    /// A fill as the ledger holds it.
    public struct FillRow: Hashable, Sendable {
        /// Its ledger sequence number.
        public var sequence: UInt64
        public var fill: Fill

        public init(sequence: UInt64, fill: Fill) {
            self.sequence = sequence
            self.fill = fill
        }
    }

    /// Fills and shares traded by one strategy in one symbol since the daemon started.
    public struct FillTally: Hashable, Sendable {
        public var fills: Int = 0
        public var volume: Quantity = .zero
    }

    /// The account's total P&L at one moment, a point of the equity chart.
    public struct EquityPoint: Hashable, Sendable {
        public var time: Timestamp
        public var pnl: Money
    }

    /// Denials of one code in one minute, for "denials in the last hour".
    public struct DenialRow: Hashable, Sendable {
        public var minute: Timestamp
        public var code: RiskCode
        public var count: Int
    }

    /// When the snapshot was taken.
    public var time: Timestamp
    /// When the daemon started trading.
    public var startedAt: Timestamp
    public var venue: Venue
    public var account: Account
    /// Whether the engine has stopped (the daemon is shutting down).
    public var stopped: Bool
    public var accountStatus: TradingStatus
    public var accountPnL: ProfitAndLoss
    public var statistics: EngineStatistics
    public var strategies: [StrategyRow]
    public var positions: [PositionRow]
    public var openOrders: [OrderRow]
    /// The last fills, oldest first (at most `MonitorFeed.recentFillLimit`).
    public var recentFills: [FillRow]
    public var fillTallies: [StrategySymbol: FillTally]
    public var equity: [EquityPoint]
    /// Denials per minute over the last hour, oldest first.
    public var recentDenials: [DenialRow]
    /// When each symbol's last book arrived; nil before the first.
    public var lastBooks: [Symbol: Timestamp?]
    /// The ledger's last sequence number.
    public var ledgerSequence: UInt64
    /// How long the engine took over each event since the start.
    public var decisionLatency: MonitorHistogram
    /// How long each wait for the ledger's durability took.
    public var ledgerSync: MonitorHistogram
}

