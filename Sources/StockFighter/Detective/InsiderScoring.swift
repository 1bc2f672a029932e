import StrategyKit

/// The detective's case file for level making-amends, without any transport: every fill of
/// every account it watches (from their executions feeds) and the market's mid price over time
/// (from the tickertape), and from them each account's evidence. Pure: the same fills and mids
/// give the same ranking, whatever order they were recorded in.
///
/// The telling figure is the edge: how far the mid moved in an account's favour over `horizon`
/// after each of its fills, from the mid just before the fill, per share. A market maker's
/// fills come when others trade against it, so the moves after them go against it; a taker
/// trades on the value it sees now, so its edge is small; an insider trades on the value it will
/// be, so the mid moves its way after nearly every trade, by more than the others ever see.
public struct InsiderScoring: Sendable {
    private struct Fill: Sendable {
        var time: Timestamp
        var side: Side
        var price: Price
        var qty: Quantity
    }

    private var fills: [Account: [Fill]] = [:]
    private var mids: [(time: Timestamp, mid: Price)] = []
    private var midsSorted = true
    /// The last trade's price seen, the mark of every account's position.
    public private(set) var lastTrade: (time: Timestamp, price: Price)?

    /// An empty case file.
    public init() {}

    /// The accounts with fills so far.
    public var accounts: [Account] { fills.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Adds one fill of `account`'s order: bought or sold `qty` at `price` at `time`.
    public mutating func recordFill(account: Account, side: Side, price: Price, qty: Quantity, at time: Timestamp) {
        fills[account, default: []].append(Fill(time: time, side: side, price: price, qty: qty))
        if lastTrade.map({ time >= $0.time }) ?? true { lastTrade = (time, price) }
    }

    /// Adds one message of an account's executions feed.
    public mutating func record(_ execution: StockFighterExecution) {
        recordFill(
            account: execution.order.account, side: execution.order.side, price: execution.price, qty: execution.filled,
            at: execution.filledAt)
    }

    /// Adds the market's top of book at `time`; a book without both sides says nothing of the mid.
    public mutating func recordBook(bid: Price?, ask: Price?, at time: Timestamp) {
        guard let bid, let ask else { return }
        if let last = mids.last, time < last.time { midsSorted = false }
        mids.append((time, Price(units: (bid.units + ask.units) / 2)))
    }

    /// Each account's evidence with moves judged `horizon` after each fill, the likeliest insider
    /// first: by edge per share, among accounts with at least `minimumFills` fills whose moves
    /// could be judged (the rest after them, by fills).
    public func ranking(horizon: Duration, minimumFills: Int = 10) -> [InsiderEvidence] {
        let mids = midsSorted ? self.mids : self.mids.sorted { $0.time < $1.time }
        let horizonNanoseconds = Int64(horizon.components.seconds) * 1_000_000_000 + horizon.components.attoseconds / 1_000_000_000
        let evidence = fills.map { account, fills in
            Self.evidence(account, fills, mids: mids, horizon: horizonNanoseconds, mark: lastTrade?.price)
        }
        return evidence.sorted { left, right in
            let leftCounts = left.judgedFills >= minimumFills, rightCounts = right.judgedFills >= minimumFills
            if leftCounts != rightCounts { return leftCounts }
            if leftCounts, left.edgePerShare != right.edgePerShare { return left.edgePerShare > right.edgePerShare }
            if left.fills != right.fills { return left.fills > right.fills }
            return left.account.rawValue < right.account.rawValue
        }
    }

    /// The account the evidence points to: the first of `ranking` when it has enough judged
    /// fills and a positive edge that stands out, at least half as large again as the next
    /// counted account's; nil otherwise. Naming nobody beats naming the best of a crowd of
    /// look-alikes, which is what an investigation that has not found the insider would do.
    public func suspect(horizon: Duration, minimumFills: Int = 10) -> InsiderEvidence? {
        let ranking = ranking(horizon: horizon, minimumFills: minimumFills)
        guard let first = ranking.first, first.judgedFills >= minimumFills, first.edgePerShare > .zero else { return nil }
        if ranking.count > 1, ranking[1].judgedFills >= minimumFills, ranking[1].edgePerShare.units * 3 > first.edgePerShare.units * 2 {
            return nil
        }
        return first
    }

    private static func evidence(
        _ account: Account, _ fills: [Fill], mids: [(time: Timestamp, mid: Price)], horizon: Int64, mark: Price?
    ) -> InsiderEvidence {
        var evidence = InsiderEvidence(account: account)
        var moved: Int64 = 0
        var judgedShares: Int64 = 0
        for fill in fills {
            evidence.fills += 1
            let signedQty = fill.side.sign * fill.qty.shares
            evidence.positionShares += signedQty
            evidence.cash -= fill.price * Quantity(shares: signedQty)
            if fill.side == .buy { evidence.boughtShares += fill.qty.shares } else { evidence.soldShares += fill.qty.shares }
            let later = Timestamp(nanoseconds: fill.time.nanoseconds + horizon)
            guard let last = mids.last, last.time >= later, let before = mid(before: fill.time, in: mids),
                let after = mid(atOrBefore: later, in: mids)
            else { continue }
            let move = fill.side.sign * (after.units - before.units)
            evidence.judgedFills += 1
            if move > 0 { evidence.favourableFills += 1 } else if move < 0 { evidence.adverseFills += 1 }
            moved += move * fill.qty.shares
            judgedShares += fill.qty.shares
        }
        evidence.edgePerShare = judgedShares > 0 ? Price(units: moved / judgedShares) : .zero
        evidence.profit = evidence.cash + (mark ?? .zero) * Quantity(shares: evidence.positionShares)
        return evidence
    }

    /// The last mid strictly before `time`: the market as it stood when a fill's order came in.
    private static func mid(before time: Timestamp, in mids: [(time: Timestamp, mid: Price)]) -> Price? {
        let index = firstIndex(in: mids) { $0 >= time }
        return index > 0 ? mids[index - 1].mid : nil
    }

    /// The last mid at or before `time`.
    private static func mid(atOrBefore time: Timestamp, in mids: [(time: Timestamp, mid: Price)]) -> Price? {
        let index = firstIndex(in: mids) { $0 > time }
        return index > 0 ? mids[index - 1].mid : nil
    }

    /// The first index whose time satisfies `past` (monotone over the sorted times), or the count.
    private static func firstIndex(in mids: [(time: Timestamp, mid: Price)], where past: (Timestamp) -> Bool) -> Int {
        var low = 0, high = mids.count
        while low < high {
            let middle = (low + high) / 2
            if past(mids[middle].time) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
