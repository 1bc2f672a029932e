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

    /// The objective's value for `summary`, higher is better; nil when it is undefined there
    /// (a ratio without variation or drawdown, P&L per trade without a fill), which ranks below
    /// every value.
    public func value(_ summary: MetricsSummary) -> Double? {
        switch self {
        case .pnl: Double(summary.totalPnL.units)
        case .sharpe: summary.sharpe
        case .sortino: summary.sortino
        case .calmar: summary.calmar
        case .pnlPerTrade: summary.fills > 0 ? Double(summary.totalPnL.units) / Double(summary.fills) : nil
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

    /// A value of the objective as a table shows it: P&L in dollars as money is written (to the
    /// unit, toward zero), P&L per fill in dollars to four places, a ratio to two, `-` when undefined.
    public func text(value: Double?) -> String {
        guard let value else { return "-" }
        switch self {
        case .pnl: return Money(units: Int64(value.rounded(.towardZero))).description
        case .pnlPerTrade: return (value / Double(Price.unitsPerDollar)).fixedText(places: 4)
        default: return value.fixedText(places: 2)
        }
    }

    /// Whether `a` ranks before `b`: the higher value, an undefined one last; equal ones keep
    /// their order (`aIndex` before `bIndex`, the grid's order).
    public func ranks(_ a: MetricsSummary, _ aIndex: Int, before b: MetricsSummary, _ bIndex: Int) -> Bool {
        // P&L compares exactly, as integers; the other objectives are ratios.
        if self == .pnl, a.totalPnL != b.totalPnL { return a.totalPnL > b.totalPnL }
        if self != .pnl {
            switch (value(a), value(b)) {
            case (let x?, let y?) where x != y: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: break
            }
        }
        return aIndex < bIndex
    }
}
