import History
import Ledger
import StrategyKit

/// What a history database made from a ledger must hold, added up from the ledger's entries as
/// they are appended, independently of History's own code: a digest of the fills table (the
/// same figures as `digestQuery` computes), every thousandth line's checksum, and the P&L by
/// day, strategy and symbol. Fills before 1970 are not expected (their day would be off by one).
struct HistoryLedgerOracle {
    /// The figures `digestQuery` computes over a history's fills table.
    static let digestQuery = """
        SELECT count(*), count(DISTINCT seq), min(seq), max(seq), sum(seq * price_units), sum(seq * qty_shares),
            sum(seq * (time_ns % 1000003)), sum(seq * order_id), sum(seq * realized_units), sum(seq * position_after_shares),
            sum(seq * (cash_after_units % 1000003)), count(DISTINCT symbol),
            sum(CASE side WHEN 'buy' THEN seq ELSE 0 END)
        FROM fills
        """

    private var count: Int64 = 0
    private var sums = [Int64](repeating: 0, count: 8)
    private var symbols: Set<Symbol> = []
    private var realizedByPair: [String: Money] = [:]
    private var pnl: [HistoryGrouping: [String: HistoryPnL]] = [:]
    /// The UTC day of the last fill added (days since 1970, its ISO date).
    private var day: (number: Int64, text: String) = (-1, "")
    /// `[seq, checksum]` of every line whose sequence number is a multiple of 1,000.
    private(set) var sampledChecksums: [[SQLiteValue]] = []

    /// Adds the ledger's next entry.
    mutating func add(_ entry: LedgerEntry) {
        let fill = entry.fill
        let seq = Int64(entry.sequence)
        let pair = fill.strategyID.rawValue + "/" + fill.symbol.rawValue
        let realized = entry.realizedAfter - (realizedByPair[pair] ?? .zero)
        realizedByPair[pair] = entry.realizedAfter
        count += 1
        let terms: [Int64] = [
            seq * fill.price.units, seq * fill.qty.shares, seq * (fill.time.nanoseconds % 1_000_003), seq * fill.orderID.rawValue,
            seq * realized.units, seq * entry.positionAfter.shares, seq * (entry.cashAfter.units % 1_000_003),
            fill.side == .buy ? seq : 0,
        ]
        for index in terms.indices { sums[index] += terms[index] }
        symbols.insert(fill.symbol)
        if entry.sequence % 1000 == 0 { sampledChecksums.append([.integer(seq), .text(entry.checksum.description)]) }
        // The day's text is made once per day: lines come in time order, and the ISO form is slow in a debug build.
        let dayNumber = fill.time.nanoseconds / 86_400_000_000_000
        if dayNumber != day.number { day = (dayNumber, String(fill.time.description.prefix(10))) }
        let keys: [(HistoryGrouping, String)] = [(.day, day.text), (.strategy, fill.strategyID.rawValue), (.symbol, fill.symbol.rawValue)]
        for (grouping, key) in keys {
            var row = pnl[grouping, default: [:]][key]
                ?? HistoryPnL(key: key, fills: 0, bought: .zero, sold: .zero, notional: .zero, realized: .zero)
            row.fills += 1
            if fill.side == .buy { row.bought = Quantity(shares: row.bought.shares + fill.qty.shares) } else {
                row.sold = Quantity(shares: row.sold.shares + fill.qty.shares)
            }
            row.notional = Money(units: row.notional.units + fill.price.units * fill.qty.shares)
            row.realized = Money(units: row.realized.units + realized.units)
            pnl[grouping, default: [:]][key] = row
        }
    }

    /// The row `digestQuery` must give.
    var digest: [SQLiteValue] {
        [
            .integer(count), .integer(count), .integer(count == 0 ? 0 : 1), .integer(count), .integer(sums[0]), .integer(sums[1]),
            .integer(sums[2]), .integer(sums[3]), .integer(sums[4]), .integer(sums[5]), .integer(sums[6]),
            .integer(Int64(symbols.count)), .integer(sums[7]),
        ]
    }

    /// What `HistoryDatabase.pnl(by: grouping)` must give.
    func pnl(by grouping: HistoryGrouping) -> [HistoryPnL] {
        (pnl[grouping] ?? [:]).values.sorted { $0.key < $1.key }
    }
}
