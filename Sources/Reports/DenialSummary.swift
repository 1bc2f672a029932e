import Trading

/// The orders a run's risk checker denied, by code, with the first denial of each: what the
/// summary line, `report.json` (`denials`) and `report.html` show, so that a strategy whose
/// every quote the limits refuse is seen at once, with the setting to raise.
public struct DenialSummary: Hashable, Sendable, Codable {
    /// Orders the risk checker denied, every code together.
    public var denied: Int
    /// Orders it approved.
    public var approved: Int
    /// Whether it denied every order the strategies asked for.
    public var everyOrderDenied: Bool
    /// When every order was denied: the `risk` setting of the most frequent code
    /// (`risk.maxNotionalPerOrder`); nil otherwise, or when no setting decides that code.
    public var settingToRaise: String?
    /// One entry per code, the most frequent first (ties by code).
    public var codes: [Code]

    /// The denials of one code.
    public struct Code: Hashable, Sendable, Codable {
        /// The stable code, e.g. `RISK_MAX_NOTIONAL`.
        public var code: String
        public var count: Int
        /// The `risk` setting whose limit decides it (`risk.maxNotionalPerOrder`); nil when no
        /// setting does (a halted state, a self-trade).
        public var setting: String?
        /// The first denial's limit, in the check's unit (shares; units of $0.0001 for money
        /// and prices; orders; basis points; ms); nil when the check has no number.
        public var firstLimit: Int64?
        /// The first denial's value that broke the limit, in the same unit.
        public var firstActual: Int64?
        /// The first denial as the log writes it: strategy, what was refused and why.
        public var firstDenial: String
    }

    /// The denials `statistics` counted; nil when there were none.
    public init?(statistics: EngineStatistics) {
        guard statistics.denied > 0 else { return nil }
        denied = statistics.denied
        approved = statistics.approved
        codes = statistics.deniedByCode.map { code, count in
            let first = statistics.firstDenialByCode[code]
            return Code(
                code: code.rawValue, count: count, setting: code.setting.map { "risk." + $0 }, firstLimit: first?.limit,
                firstActual: first?.actual, firstDenial: first.map { "\($0.strategyID): \($0.message)" } ?? "")
        }.sorted { ($1.count, $0.code) < ($0.count, $1.code) }
        everyOrderDenied = approved == 0
        settingToRaise = everyOrderDenied ? codes.first?.setting : nil
    }

    /// Lines for a terminal: the count by code with each first denial, and, when every order
    /// was denied, what to raise.
    public var lines: [String] {
        var lines = ["risk denials: \(denied) of \(denied + approved) orders"]
        for code in codes {
            lines.append("  \(code.code) \(code.count), first: \(code.firstDenial)")
        }
        if everyOrderDenied {
            lines.append(
                "every order was denied by the risk limits: "
                    + (settingToRaise.map { "raise \($0) (in a --config file; --strategy takes the embedded limits)" }
                        ?? "see the first denial of each code above"))
        }
        return lines
    }
}
