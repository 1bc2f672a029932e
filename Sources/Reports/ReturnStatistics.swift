/// Risk-adjusted return ratios of an equity curve sampled at a fixed interval.
///
/// Returns are the changes of equity (P&L in units of $0.0001) from one sample to the next; there is no
/// capital base, so the ratios are dimensionless P&L ratios. Annualised by multiplying by
/// `sqrt(periodsPerYear)`. Floating point is used here, for these ratios only.
public enum ReturnStatistics {
    /// Mean return over the sample standard deviation (n - 1), annualised; nil with fewer than two
    /// returns or no variation.
    public static func sharpe(_ returns: [Int64], periodsPerYear: Double) -> Double? {
        guard returns.count >= 2 else { return nil }
        let mean = Self.mean(returns)
        let variance = returns.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(returns.count - 1)
        guard variance > 0 else { return nil }
        return mean / variance.squareRoot() * periodsPerYear.squareRoot()
    }

    /// Mean return over the downside deviation (root mean square of the negative returns, over
    /// all n returns, target 0), annualised; nil with fewer than two returns or no losing period.
    public static func sortino(_ returns: [Int64], periodsPerYear: Double) -> Double? {
        guard returns.count >= 2 else { return nil }
        let downside = returns.reduce(0.0) { $0 + ($1 < 0 ? Double($1) * Double($1) : 0) } / Double(returns.count)
        guard downside > 0 else { return nil }
        return Self.mean(returns) / downside.squareRoot() * periodsPerYear.squareRoot()
    }

    /// Annualised mean return over the maximum drawdown: the mean return times `periodsPerYear`
    /// (the P&L a year at the run's pace) divided by `maxDrawdown` (in the same units, the
    /// largest fall of equity from a peak, followed at every fill and mark); nil with fewer than
    /// two returns or no drawdown. Calmar's ratio with P&L in place of a return on capital,
    /// since there is no capital base.
    public static func calmar(_ returns: [Int64], maxDrawdown: Int64, periodsPerYear: Double) -> Double? {
        guard returns.count >= 2, maxDrawdown > 0 else { return nil }
        return Self.mean(returns) * periodsPerYear / Double(maxDrawdown)
    }

    /// Gross profit over gross loss of per-trade results; nil when nothing was lost.
    public static func profitFactor(grossProfit: Int64, grossLoss: Int64) -> Double? {
        guard grossLoss > 0 else { return nil }
        return Double(grossProfit) / Double(grossLoss)
    }

    private static func mean(_ values: [Int64]) -> Double {
        values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
    }
}
