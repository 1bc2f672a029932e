import Reports
import StrategyKit

/// What a sweep ranks its cells by (`--objective`), best first. Every objective is one of a
/// run's `MetricsSummary` figures or made of them, so a cell's rank is as deterministic as its run.
public enum SweepObjective: String, Codable, CaseIterable, Hashable, Sendable {
    /// Total P&L (realized plus unrealized minus fees).
    case pnl
    /// The annualised Sharpe ratio of the per-minute equity changes.
    case sharpe
    /// The annualised Sortino ratio (downside deviation, target 0).
    case sortino
    /// The annualised mean equity change over the maximum drawdown.
    case calmar
    /// Total P&L over the number of fills: what each fill earned on average.
    case pnlPerTrade = "pnl-per-trade"

    /// A value of an objective: money exactly (P&L, and P&L a fill to the unit, toward zero),
    /// or a ratio. JSON writes it as a number: money in units of $0.0001, as every amount.
    public enum Value: Hashable, Sendable, Encodable {
        case money(Money)
        case ratio(Double)

        /// The value as a number for the neighbour view's statistics (money in units), never
        /// kept or shown.
        var magnitude: Double {
            switch self {
            case .money(let money): Double(money.units)
            case .ratio(let ratio): ratio
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .money(let money): try container.encode(money)
            case .ratio(let ratio): try container.encode(ratio)
            }
        }
    }

    /// The objective's value for `summary`, higher is better; nil when it is undefined there
    /// (a ratio without variation or drawdown, P&L per trade without a fill), which ranks below
    /// every value.
    public func value(_ summary: MetricsSummary) -> Value? {
        switch self {
        case .pnl: .money(summary.totalPnL)
        case .sharpe: summary.sharpe.map(Value.ratio)
        case .sortino: summary.sortino.map(Value.ratio)
        case .calmar: summary.calmar.map(Value.ratio)
        case .pnlPerTrade: summary.fills > 0 ? .money(Money(units: summary.totalPnL.units / Int64(summary.fills))) : nil
        }
    }

    /// The column a table shows the objective in.
    public var column: String {
        switch self {
        case .pnl: "P&L"
        case .sharpe: "SHARPE"
        case .sortino: "SORTINO"
        case .calmar: "CALMAR"
        case .pnlPerTrade: "P&L/FILL"
        }
    }

    /// The objective's value for `summary` as a table shows it (`text(value:)`).
    public func text(_ summary: MetricsSummary) -> String { text(value: value(summary)) }

    /// A value of the objective as a table shows it: P&L in dollars as money is written, P&L per
    /// fill in dollars to four places, a ratio to two, `-` when undefined.
    public func text(value: Value?) -> String {
        switch value {
        case nil: return "-"
        case .ratio(let ratio): return ratio.fixedText(places: 2)
        case .money(let money) where self == .pnlPerTrade:
            let (whole, fraction) = money.units.magnitude.quotientAndRemainder(dividingBy: UInt64(Price.unitsPerDollar))
            let digits = String(fraction)
            return "\(money.units < 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 4 - digits.count))\(digits)"
        case .money(let money): return money.description
        }
    }

    /// Whether `a` ranks before `b`: the higher value, an undefined one last; equal ones keep
    /// their order (`aIndex` before `bIndex`, the grid's order).
    public func ranks(_ a: MetricsSummary, _ aIndex: Int, before b: MetricsSummary, _ bIndex: Int) -> Bool {
        switch self {
        case .pnl:
            if a.totalPnL != b.totalPnL { return a.totalPnL > b.totalPnL }
        case .pnlPerTrade:
            // P&L a fill compared exactly: a's P&L times b's fills against b's times a's.
            switch (a.fills > 0, b.fills > 0) {
            case (true, true):
                let (x, y) = (Int128(a.totalPnL.units) * Int128(b.fills), Int128(b.totalPnL.units) * Int128(a.fills))
                if x != y { return x > y }
            case (true, false): return true
            case (false, true): return false
            case (false, false): break
            }
        case .sharpe, .sortino, .calmar:
            switch (value(a)?.magnitude, value(b)?.magnitude) {
            case (let x?, let y?) where x != y: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: break
            }
        }
        return aIndex < bIndex
    }
}
